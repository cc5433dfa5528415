import { markerPath, type MarkerShape } from './markers';

export interface LegendItem {
  key: string;
  label: string;
  colour: string;
  shape: MarkerShape;
  /** Shown after the label, e.g. a slice's value. */
  detail?: string;
}

const MARKER_SIZE = 12;

/** The series by name, each with its colour and marker shape, so it reads without colour too. */
export function Legend({ label, items }: { label: string; items: readonly LegendItem[] }) {
  return (
    <ul className="chart-legend" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="chart-legend__item">
          <svg width={MARKER_SIZE} height={MARKER_SIZE} viewBox={`${-MARKER_SIZE / 2} ${-MARKER_SIZE / 2} ${MARKER_SIZE} ${MARKER_SIZE}`} aria-hidden="true">
            <path d={markerPath(item.shape, MARKER_SIZE / 2 - 1)} fill={item.colour} />
          </svg>
          <span>{item.label}</span>
          {item.detail !== undefined && <span className="chart-legend__detail">{item.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
