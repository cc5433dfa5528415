import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { runningTabDataQuery } from '../api/running-tab-data';

export interface CollectionProgressWatcherProps {
  /** Told whether any collection is queued or running, after every poll. */
  onInProgressChange: (inProgress: boolean) => void;
}

/** Keeps the running-collections poll alive while signed in, also when the sidebar is closed, and reports progress. */
export function CollectionProgressWatcher({ onInProgressChange }: CollectionProgressWatcherProps) {
  const { data } = useQuery(runningTabDataQuery());
  const inProgress = (data?.runningTestStatus.length ?? 0) > 0;
  useEffect(() => {
    onInProgressChange(inProgress);
  }, [inProgress, onInProgressChange]);
  useEffect(() => () => onInProgressChange(false), [onInProgressChange]);
  return null;
}
