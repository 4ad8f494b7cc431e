import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address, so a reload or a shared link keeps them: the ones set
 * (empty ones are left out), and a setter that replaces the history entry rather than adding one.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const read: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value) read[key] = value;
    }
    return read;
  }, [params, keys]);

  const set = useCallback(
    (key: K, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { filters, set };
}
