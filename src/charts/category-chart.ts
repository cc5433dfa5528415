import type { scaleLinear } from '@visx/scale';
import { formatValue } from './format';
import type { LegendItem } from './Legend';
import { markerShape } from './markers';
import { seriesColours } from './palette';
import type { ScreenReaderTableProps } from './ScreenReaderTable';
import type { CategoryChartData } from './types';

/** Room for the axes and their labels. */
export const CHART_MARGIN = { top: 16, right: 16, bottom: 48, left: 64 } as const;
/** §9: bars of one group sit 3 px apart; groups 20 px apart while there is room. */
export const BAR_PADDING_PX = 3;
export const GROUP_PADDING_PX = 20;
/** About this many ticks on a value axis. */
export const VALUE_TICKS = 5;
/** Fewer labels than categories when they would not fit (one per this many px). */
const PX_PER_TICK_LABEL = 72;

export interface CategoryChartProps {
  width: number;
  height: number;
  data: CategoryChartData;
  /** The chart's accessible name. */
  label: string;
}

/** No rows in the frame leave no series; a series of zeros is still data (nothing failed is worth showing). */
export function isEmptyCategoryData(data: CategoryChartData): boolean {
  return data.categories.length === 0 || data.series.length === 0;
}

/** A legend only when there is more than one series to tell apart. */
export function categoryLegend(data: CategoryChartData, colours: readonly string[]): LegendItem[] | null {
  if (data.series.length < 2) return null;
  return data.series.map((series, index) => ({ key: series.key, label: series.label, colour: colours[index] ?? '', shape: markerShape(index) }));
}

export function categorySeriesColours(data: CategoryChartData): string[] {
  return seriesColours(data.series.map((series) => series.label));
}

export function categoryTable(data: CategoryChartData): Omit<ScreenReaderTableProps, 'caption'> {
  return {
    headers: [data.categoryLabel, ...data.series.map((series) => series.label)],
    rows: data.categories.map((category, index) => [category, ...data.series.map((series) => formatValue(series.values[index] ?? 0))]),
  };
}

/**
 * The value axis's ticks: the scale's own, but only whole numbers when every value is one, so counts never read
 * 0.2 runs.
 */
export function valueTicks(data: CategoryChartData, scaleTicks: readonly number[]): number[] {
  const wholeValues = data.series.every((series) => series.values.every(Number.isInteger));
  return wholeValues ? scaleTicks.filter(Number.isInteger) : [...scaleTicks];
}

/**
 * The value axis's ticks and their text. The text is written as the marks' values are (formatValue): visx's default
 * formats every tick with the precision of the scale's own finer ticks, so a whole tick of a count read '1.0'.
 */
export function valueAxisTicks(data: CategoryChartData, scale: ReturnType<typeof scaleLinear<number>>) {
  return { tickValues: valueTicks(data, scale.ticks(VALUE_TICKS)), tickFormat: (value: { valueOf(): number }) => formatValue(value.valueOf()) };
}

export function maxValue(data: CategoryChartData): number {
  let max = 0;
  for (const series of data.series) for (const value of series.values) if (value > max) max = value;
  return max;
}

/** The categories to label on an axis of the given length: every one when they fit, else evenly spaced ones. */
export function tickCategories(categories: readonly string[], axisLength: number): string[] {
  const fit = Math.max(1, Math.floor(axisLength / PX_PER_TICK_LABEL));
  if (categories.length <= fit) return [...categories];
  const every = Math.ceil(categories.length / fit);
  return categories.filter((_, index) => index % every === 0);
}

/** A band padding ratio giving about `px` pixels between bands of `step` pixels, at most half the step. */
export function paddingRatio(px: number, step: number): number {
  return step <= 0 ? 0 : Math.min(0.5, px / step);
}
