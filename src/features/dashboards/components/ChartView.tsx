import { useMemo } from 'react';
import { ChartTable } from '../../../charts/ChartTable';
import { CHART_TYPE_LABELS, type Dataset, type ReportElement } from '../../../shared/contracts/dashboards';
import type { FrameDates } from '../chart-data/buckets';
import { shapeTable } from '../chart-data/shape';

export interface ChartViewProps {
  element: ReportElement;
  dataset: Dataset;
  timeFrame: FrameDates | null;
}

/** The view that matches the element's chart type (§2). First cut: every type as its table. */
export function ChartView({ element, dataset, timeFrame }: ChartViewProps) {
  const { chart, dataBreakdownConfig } = element;
  const table = useMemo(
    () => shapeTable({ chart, breakdown: dataBreakdownConfig, dataset, timeFrame }, chart.type === 'historicalTable'),
    [chart, dataBreakdownConfig, dataset, timeFrame],
  );
  return <ChartTable label={element.title || CHART_TYPE_LABELS[chart.type]} data={table} />;
}
