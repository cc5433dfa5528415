/**
 * What the chart components draw. Features shape datasets into these; the charts know nothing of reports or datasets,
 * only (width, height, data) in and SVG out.
 */
export interface ChartSeries {
  key: string;
  label: string;
  /** One value per category, in the categories' order. */
  values: readonly number[];
}

/** Bars, horizontal bars and lines: categories (time buckets) by series (groups). */
export interface CategoryChartData {
  categoryLabel: string;
  /** The plotted quantity with its unit, e.g. 'Duration (Seconds)'. */
  valueLabel: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
}

export interface PieSlice {
  key: string;
  label: string;
  value: number;
}

export interface PieChartData {
  /** What each slice names, e.g. 'Collection - Result'. */
  categoryLabel: string;
  valueLabel: string;
  slices: readonly PieSlice[];
}

export interface TableChartColumn {
  id: string;
  header: string;
}

export interface TableChartRow {
  id: string;
  cells: Readonly<Record<string, string>>;
}

export interface TableChartData {
  columns: readonly TableChartColumn[];
  rows: readonly TableChartRow[];
}

export interface ChartSize {
  width: number;
  height: number;
}
