import { useEffect, useState } from 'react';
import { useUrlFilters } from '../../lib/use-url-filters';

/**
 * A list's filters kept in the address (so a reload or a shared link keeps them): the search text
 * is applied 300 ms after the last key, the selects at once.
 */
export function useFilterParams<K extends string>(keys: readonly K[]) {
  const { filters, set } = useUrlFilters<K | 'q'>([...keys, 'q']);
  const values = Object.fromEntries(keys.map((key) => [key, filters[key] ?? ''])) as Record<K, string>;
  const applied = filters.q ?? '';
  const [search, setSearch] = useState(applied);

  useEffect(() => {
    if (search.trim() === applied) return;
    const timer = setTimeout(() => set('q', search.trim()), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text schedules a search
  }, [search]);

  return { values, q: applied, search, setSearch, set };
}
