import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { serviceWorkerUpdates } from '../../../lib/pwa';
import { hasWallDisplayMark, useWallDisplay, wallDisplayMode, WALL_DISPLAY_PARAM, type WallDisplayMode } from '../../../offline/wall-display-mode';
import { useApplyUpdateWhenQueuesEmpty, usePollWhileHidden, useScreenWakeLock, type QueuesWatcher, type UpdateSource, type WakeLockApi } from '../../../offline/wall-display';
import { Button } from '../../../ui/Button';
import './WallDisplayIndicator.css';

export interface WallDisplayIndicatorProps {
  mode?: WallDisplayMode;
  wakeLock?: WakeLockApi;
  updates?: UpdateSource;
  watchQueues?: QueuesWatcher;
}

/**
 * What makes a tab a wall display, once a route is opened with `?display=wall` (remembered for the tab): it keeps
 * polling while hidden, keeps the screen awake, applies a new version by itself once the offline queues are empty, and
 * says so in a strip above the page, which also offers the way out.
 */
export function WallDisplayIndicator({ mode = wallDisplayMode, wakeLock = globalThis.navigator?.wakeLock, updates = serviceWorkerUpdates, watchQueues }: WallDisplayIndicatorProps) {
  const marked = useRouterState({ select: (state) => hasWallDisplayMark(state.location.searchStr) });
  const navigate = useNavigate();
  const isWallDisplay = useWallDisplay(mode);

  useEffect(() => {
    if (marked) mode.set(true);
  }, [marked, mode]);
  useScreenWakeLock(isWallDisplay, wakeLock);
  usePollWhileHidden(isWallDisplay);
  useApplyUpdateWhenQueuesEmpty(isWallDisplay, updates, watchQueues);

  if (!isWallDisplay) return null;

  const leave = () => {
    mode.set(false);
    // Otherwise the mark still in the address would turn the mode back on at once.
    if (marked) void navigate({ to: '.', search: (previous) => ({ ...previous, [WALL_DISPLAY_PARAM]: undefined }), replace: true });
  };

  return (
    <div className="wall-display-indicator" role="group" aria-label="Wall display">
      <span className="wall-display-indicator__label">Wall display</span>
      <Button variant="ghost" onPress={leave}>
        Leave wall display
      </Button>
    </div>
  );
}
