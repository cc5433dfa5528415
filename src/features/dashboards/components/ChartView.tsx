import { useMemo } from 'react';
import { BarChart } from '../../../charts/BarChart';
import type { CategoryChartProps } from '../../../charts/category-chart';
import { ChartTable } from '../../../charts/ChartTable';
import { HorizontalBarChart } from '../../../charts/HorizontalBarChart';
import { LineChart } from '../../../charts/LineChart';
import { PieChart } from '../../../charts/PieChart';
import { useElementWidth } from '../../../charts/use-element-width';
import { CHART_HEIGHT, CHART_TYPE_LABELS, type Dataset, type ReportElement } from '../../../shared/contracts/dashboards';
import type { FrameDates } from '../chart-data/buckets';
import { shapeChart } from '../chart-data/shape';

export interface ChartViewProps {
  element: ReportElement;
  dataset: Dataset;
  timeFrame: FrameDates | null;
}

const SERIES_CHARTS = { barGraph: BarChart, barGraphHorizontal: HorizontalBarChart, lineGraph: LineChart } as const;

function SeriesChart({ type, ...props }: CategoryChartProps & { type: keyof typeof SERIES_CHARTS }) {
  const Chart = SERIES_CHARTS[type];
  return <Chart {...props} />;
}

/** The width where nothing lays out (no measurement), about a half-width element on a laptop. */
const FALLBACK_WIDTH = 600;

/** §2: the view that matches the element's chart type, as wide as its element and CHART_HEIGHT (§9) tall. */
export function ChartView({ element, dataset, timeFrame }: ChartViewProps) {
  const { chart, dataBreakdownConfig, title } = element;
  const [ref, width, measured] = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const fromDate = timeFrame?.fromDate ?? null;
  const toDate = timeFrame?.toDate ?? null;
  // Keyed on the dates, not the frame object, so a parent re-creating an equal frame does not reshape a year of rows.
  const data = useMemo(
    () => shapeChart({ chart, breakdown: dataBreakdownConfig, dataset, timeFrame: { fromDate, toDate } }),
    [chart, dataBreakdownConfig, dataset, fromDate, toDate],
  );
  const label = title || CHART_TYPE_LABELS[chart.type];
  return (
    <div ref={ref} className="chart-view" data-chart-type={chart.type}>
      {'table' in data ? (
        <ChartTable label={label} data={data.table} />
      ) : !measured ? null : 'pie' in data ? (
        <PieChart width={width} height={CHART_HEIGHT} data={data.pie} label={label} />
      ) : (
        <SeriesChart type={data.type} width={width} height={CHART_HEIGHT} data={data.series} label={label} />
      )}
    </div>
  );
}
