import type { ReactNode } from 'react';
import { useElementWidth } from '../../../charts/use-element-width';

/** Where nothing lays out (no measurement): about a half-width section on a laptop. */
const FALLBACK_WIDTH = 600;

/** A chart as wide as its place, drawn once that width is known (see useElementWidth). */
export function MeasuredChart({ children }: { children: (width: number) => ReactNode }) {
  const [ref, width, measured] = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  return (
    <div ref={ref} className="custom-dashboard__chart">
      {measured ? children(width) : null}
    </div>
  );
}
