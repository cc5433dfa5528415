import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useElementWidth } from './use-element-width';

type Observed = (entries: { contentRect: { width: number } }[]) => void;

describe('useElementWidth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the width of the first read when the observer first reports a fractional width (no second drawing)', () => {
    let observed: Observed = () => undefined;
    const report = (width: number) => observed([{ contentRect: { width } }]);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: Observed) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { result } = renderHook(() => useElementWidth<HTMLDivElement>(600));
    const element = document.createElement('div');
    // clientWidth rounds 612.5 up to 613; the layout box is 612.5 wide.
    Object.defineProperty(element, 'clientWidth', { value: 613 });
    element.getBoundingClientRect = () => ({ width: 612.5 }) as DOMRect;
    act(() => result.current[0](element));
    expect(result.current[1]).toBe(612);
    expect(result.current[2]).toBe(true);
    // The observer's first report, as it comes after observe(): the width (which every chart is drawn at) stays.
    act(() => report(612.5));
    expect(result.current[1]).toBe(612);
    element.getBoundingClientRect = () => ({ width: 480 }) as DOMRect;
    act(() => report(480));
    expect(result.current[1]).toBe(480);
  });
});
