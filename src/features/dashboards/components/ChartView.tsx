import { memo, useMemo } from 'react';
import { BarChart } from '../../../charts/BarChart';
import type { CategoryChartProps } from '../../../charts/category-chart';
import { ChartTable } from '../../../charts/ChartTable';
import { HorizontalBarChart } from '../../../charts/HorizontalBarChart';
import { LineChart } from '../../../charts/LineChart';
import { PieChart } from '../../../charts/PieChart';
import { useElementWidth } from '../../../charts/use-element-width';
import { CHART_HEIGHT, type Dataset, type ReportElement } from '../../../shared/contracts/dashboards';
import { Spinner } from '../../../ui/ProgressBar';
import type { FrameDates } from '../chart-data/buckets';
import { elementTitle } from '../chart-data/element-title';
import { shapeChart } from '../chart-data/shape';
import './ChartView.css';

export interface ChartViewProps {
  element: ReportElement;
  /** Undefined while the breakdown's dataset loads. */
  dataset: Dataset | undefined;
  timeFrame: FrameDates | null;
}

export const CHART_LOADING_LABEL = 'Loading the data';

const SERIES_CHARTS = { barGraph: BarChart, barGraphHorizontal: HorizontalBarChart, lineGraph: LineChart } as const;

function SeriesChart({ type, ...props }: CategoryChartProps & { type: keyof typeof SERIES_CHARTS }) {
  const Chart = SERIES_CHARTS[type];
  return <Chart {...props} />;
}

/** The width where nothing lays out (no measurement), about a half-width element on a laptop. */
const FALLBACK_WIDTH = 600;

/** The element's chart over its dataset; a drawn chart waits for its width (null until read), a table does not. */
function ShapedChart({ element, dataset, timeFrame, width }: { element: ReportElement; dataset: Dataset; timeFrame: FrameDates | null; width: number | null }) {
  const { chart, dataBreakdownConfig } = element;
  const fromDate = timeFrame?.fromDate ?? null;
  const toDate = timeFrame?.toDate ?? null;
  // Keyed on the dates, not the frame object, so a parent re-creating an equal frame does not reshape a year of rows.
  const data = useMemo(
    () => shapeChart({ chart, breakdown: dataBreakdownConfig, dataset, timeFrame: { fromDate, toDate } }),
    [chart, dataBreakdownConfig, dataset, fromDate, toDate],
  );
  const label = elementTitle(element);
  if ('table' in data) return <ChartTable label={label} data={data.table} />;
  if (width === null) return null;
  if ('pie' in data) return <PieChart width={width} height={CHART_HEIGHT} data={data.pie} label={label} />;
  return <SeriesChart type={data.type} width={width} height={CHART_HEIGHT} data={data.series} label={label} />;
}

/**
 * §2: the view that matches the element's chart type, as wide as its element and CHART_HEIGHT (§9) tall. It takes its
 * place, CHART_HEIGHT tall, while the dataset loads: its width is read then, so the data, when it comes, is drawn once
 * at the right width, without a layout forced in between, and the page below it does not move.
 */
export const ChartView = memo(function ChartView({ element, dataset, timeFrame }: ChartViewProps) {
  const [ref, width, measured] = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const isLoading = dataset === undefined;
  return (
    <div ref={ref} className={isLoading ? 'chart-view chart-view--loading' : 'chart-view'} style={isLoading ? { minHeight: CHART_HEIGHT } : undefined} data-chart-type={element.chart.type}>
      {isLoading ? <Spinner label={CHART_LOADING_LABEL} /> : <ShapedChart element={element} dataset={dataset} timeFrame={timeFrame} width={measured ? width : null} />}
    </div>
  );
}, sameChart);

/** A parent re-creating an equal frame object (a report view re-renders when each dataset arrives) draws nothing again. */
function sameChart(before: ChartViewProps, after: ChartViewProps): boolean {
  return (
    before.element === after.element &&
    before.dataset === after.dataset &&
    before.timeFrame?.fromDate === after.timeFrame?.fromDate &&
    before.timeFrame?.toDate === after.timeFrame?.toDate
  );
}
