import { useCallback, useRef, useState, type RefCallback } from 'react';

/**
 * The width of the element the returned ref is put on, kept current with a ResizeObserver so charts redraw when their
 * report element is resized. Until the element has a width (before layout, or where nothing lays out) it is `fallback`.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number): [RefCallback<T>, number] {
  const [width, setWidth] = useState(fallback);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback<RefCallback<T>>((element) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    // Whole pixels: sub-pixel jitter while a neighbour animates must not redraw thousands of marks.
    const update = (measured: number) => {
      if (measured > 0) setWidth(Math.floor(measured));
    };
    update(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => update(entry?.contentRect.width ?? 0));
    observer.current.observe(element);
  }, []);
  return [ref, width];
}
