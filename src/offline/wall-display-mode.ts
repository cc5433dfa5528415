import { useSyncExternalStore } from 'react';

/**
 * The mark of a wall display: any route opened with `?display=wall`. The tab remembers it (sessionStorage, so a
 * reload or an applied update keeps it, and other tabs are not affected) until the user leaves the mode.
 */
export const WALL_DISPLAY_PARAM = 'display';
export const WALL_DISPLAY_VALUE = 'wall';
const STORAGE_KEY = 'studio:wallDisplay';

/** Whether a URL search string (`?a=b&display=wall`) carries the wall-display mark. */
export function hasWallDisplayMark(search: string): boolean {
  return new URLSearchParams(search).get(WALL_DISPLAY_PARAM) === WALL_DISPLAY_VALUE;
}

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface WallDisplayMode {
  subscribe(listener: () => void): () => void;
  isOn(): boolean;
  set(on: boolean): void;
}

export function createWallDisplayMode(storage: TabStorage | null): WallDisplayMode {
  const listeners = new Set<() => void>();
  let on = storage?.getItem(STORAGE_KEY) === 'true';
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isOn: () => on,
    set(value) {
      if (on === value) return;
      on = value;
      try {
        if (value) storage?.setItem(STORAGE_KEY, 'true');
        else storage?.removeItem(STORAGE_KEY);
      } catch {
        // Storage full or refused: the mode still holds for this page, it is just not remembered across a reload.
      }
      listeners.forEach((listener) => listener());
    },
  };
}

function tabStorage(): TabStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage disabled by the browser's privacy settings.
    return null;
  }
}

/** This tab's wall-display mode. */
export const wallDisplayMode = createWallDisplayMode(tabStorage());

export function useWallDisplay(mode: WallDisplayMode = wallDisplayMode): boolean {
  return useSyncExternalStore(mode.subscribe, mode.isOn);
}
