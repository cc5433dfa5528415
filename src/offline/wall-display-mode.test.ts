import { describe, expect, it, vi } from 'vitest';
import { createWallDisplayMode, hasWallDisplayMark } from './wall-display-mode';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('wall display mode', () => {
  it('is marked by ?display=wall on any route, whatever else the address carries', () => {
    expect(hasWallDisplayMark('?display=wall')).toBe(true);
    expect(hasWallDisplayMark('?nextUrl=%2Fx&display=wall')).toBe(true);
    expect(hasWallDisplayMark('?display=tv')).toBe(false);
    expect(hasWallDisplayMark('')).toBe(false);
  });

  it('is remembered for the tab (its storage) across a reload, until it is left', () => {
    const storage = memoryStorage();
    const mode = createWallDisplayMode(storage);
    const changes = vi.fn();
    mode.subscribe(changes);
    expect(mode.isOn()).toBe(false);
    mode.set(true);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(createWallDisplayMode(storage).isOn()).toBe(true);
    mode.set(false);
    expect(createWallDisplayMode(storage).isOn()).toBe(false);
  });

  it('still holds for the page when the tab has no storage', () => {
    const unstored = createWallDisplayMode(null);
    unstored.set(true);
    expect(unstored.isOn()).toBe(true);
  });
});
