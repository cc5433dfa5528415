import type { ReactNode } from 'react';
import { NO_DATA_MESSAGE } from './constants';
import { Legend, type LegendItem } from './Legend';
import { onMarkKeyDown } from './roving-marks';
import { ScreenReaderTable, type ScreenReaderTableProps } from './ScreenReaderTable';
import './charts.css';

export interface ChartFrameProps {
  /** The chart's accessible name. */
  label: string;
  width: number;
  height: number;
  isEmpty: boolean;
  legend: readonly LegendItem[] | null;
  table: Omit<ScreenReaderTableProps, 'caption'>;
  children: ReactNode;
}

/**
 * What every drawn chart shares: the named SVG whose marks take focus, the legend, the screen-reader table and the
 * empty state.
 */
export function ChartFrame({ label, width, height, isEmpty, legend, table, children }: ChartFrameProps) {
  if (isEmpty) {
    return (
      <div className="chart chart--empty" style={{ height }} role="status">
        {NO_DATA_MESSAGE}
      </div>
    );
  }
  return (
    <figure className="chart">
      <svg width={width} height={height} role="group" aria-label={label} aria-roledescription="chart" onKeyDown={onMarkKeyDown}>
        {children}
      </svg>
      {legend && legend.length > 0 && <Legend label={`${label} legend`} items={legend} />}
      <ScreenReaderTable caption={label} {...table} />
    </figure>
  );
}
