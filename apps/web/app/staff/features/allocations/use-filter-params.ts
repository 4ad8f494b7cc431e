import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address (so a reload or a shared link keeps them): the search text
 * is applied 300 ms after the last key, the selects at once.
 */
export function useFilterParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const [search, setSearch] = useState(params.get('q') ?? '');
  const applied = params.get('q') ?? '';

  const set = (key: K | 'q', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (search.trim() === applied) return;
    const timer = setTimeout(() => set('q', search.trim()), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text schedules a search
  }, [search]);

  return { values, q: applied, search, setSearch, set };
}
