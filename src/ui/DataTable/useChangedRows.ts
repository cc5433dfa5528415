import { useCallback, useEffect, useRef, useState } from 'react';
import { CHANGED_ROW_HIGHLIGHT_MS } from '../../shared/constants';
import type { TableRowId } from '../Table';

export interface ChangedRows {
  /** Rows saved less than CHANGED_ROW_HIGHLIGHT_MS ago. */
  changed: ReadonlySet<TableRowId>;
  /** Highlights a row for CHANGED_ROW_HIGHLIGHT_MS (again from now when already highlighted); it may join the rows later. */
  markChanged: (id: TableRowId) => void;
}

/** Rows saved a moment ago, so the table can highlight them for CHANGED_ROW_HIGHLIGHT_MS (part 2 §2). */
export function useChangedRows(): ChangedRows {
  const [changed, setChanged] = useState<ReadonlySet<TableRowId>>(() => new Set());
  const timers = useRef(new Map<TableRowId, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const markChanged = useCallback((id: TableRowId) => {
    clearTimeout(timers.current.get(id));
    setChanged((previous) => new Set(previous).add(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setChanged((previous) => {
          const next = new Set(previous);
          next.delete(id);
          return next;
        });
      }, CHANGED_ROW_HIGHLIGHT_MS),
    );
  }, []);

  return { changed, markChanged };
}
