import { useEffect, useRef } from 'react';

/** Organization name changes are saved this long after the last keystroke (spec part 3 §9). */
export const RENAME_DEBOUNCE_MS = 500;

/**
 * Calls `save(value)` once `value` has stayed the same for `delayMs` and differs from `saved`; a newer value restarts
 * the wait, so several keystrokes make one save.
 */
export function useDebouncedSave(value: string, saved: string, save: (value: string) => void, delayMs = RENAME_DEBOUNCE_MS): void {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (value === saved) return undefined;
    const timer = setTimeout(() => saveRef.current(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, saved, delayMs]);
}
