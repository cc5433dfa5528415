import { useCallback, useRef, useState, type RefCallback } from 'react';

/**
 * The width of the element the returned ref is put on, kept current with a ResizeObserver so charts redraw when their
 * report element is resized. Until the element has a width (where nothing lays out) it is `fallback`. The third value
 * says whether the element has been read yet: a chart drawn before that would be drawn again at once at its real width,
 * so callers draw it only then (the read happens as the element mounts, before the browser paints).
 */
export function useElementWidth<T extends HTMLElement>(fallback: number): [RefCallback<T>, number, boolean] {
  const [state, setState] = useState({ width: fallback, measured: false });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      // Whole pixels: sub-pixel jitter while a neighbour animates must not redraw thousands of marks.
      const update = (measured: number) => {
        if (measured > 0) setState((current) => (current.measured && current.width === Math.floor(measured) ? current : { width: Math.floor(measured), measured: true }));
      };
      // The first read is the layout box's unrounded width, floored like the observer's: clientWidth rounds (612.5
      // reads 613) where the observer's contentRect gives 612, and its first callback then drew every chart again.
      // (A chart's element has no padding or border, so its layout box is its content box.)
      const initial = element.getBoundingClientRect().width;
      if (initial > 0) update(initial);
      else setState((current) => (current.measured ? current : { ...current, measured: true }));
      if (typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(([entry]) => update(entry?.contentRect.width ?? 0));
      observer.current.observe(element);
    },
    [],
  );
  return [ref, state.width, state.measured];
}
