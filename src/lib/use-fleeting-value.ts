import { useEffect, useState } from 'react';

/** A value that clears itself `lifetimeMs` after it was set: a row highlighted for a few seconds after a change. */
export function useFleetingValue<T>(lifetimeMs: number): [T | null, (value: T | null) => void] {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), lifetimeMs);
    return () => clearTimeout(timer);
  }, [value, lifetimeMs]);
  return [value, setValue];
}
