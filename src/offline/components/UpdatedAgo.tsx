import { useEffect, useState } from 'react';
import './offline.css';

/** Amber from 3 poll periods without fresh data, red from 10 (issue 5, "Surviving network blips"). */
export const STALE_AFTER_PERIODS = 3;
export const LATE_AFTER_PERIODS = 10;
const TICK_MS = 1_000;

export type Freshness = 'fresh' | 'stale' | 'late';

export function freshnessOf(ageMs: number, periodMs: number): Freshness {
  if (ageMs >= LATE_AFTER_PERIODS * periodMs) return 'late';
  if (ageMs >= STALE_AFTER_PERIODS * periodMs) return 'stale';
  return 'fresh';
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface UpdatedAgoProps {
  /** When the shown data last arrived (React Query's dataUpdatedAt); 0 means never, and nothing is shown. */
  updatedAt: number;
  /** The view's poll period. */
  periodMs: number;
}

/** 'updated N s ago' next to a polled view, so data kept on screen through a network blip is marked as old. */
export function UpdatedAgo({ updatedAt, periodMs }: UpdatedAgoProps) {
  const now = useNow(TICK_MS);
  if (!updatedAt) return null;
  const ageMs = Math.max(0, now - updatedAt);
  const freshness = freshnessOf(ageMs, periodMs);
  return (
    // data-updated-at: when the data arrived, to the millisecond, for tests that time recovery (the text has whole seconds).
    <span className={`offline-updated-ago offline-updated-ago--${freshness}`} data-freshness={freshness} data-updated-at={updatedAt}>
      updated {Math.floor(ageMs / 1000)} s ago
    </span>
  );
}
