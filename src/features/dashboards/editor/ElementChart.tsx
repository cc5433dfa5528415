import { useQuery } from '@tanstack/react-query';
import type { ReportElement, ReportSettings } from '../../../shared/contracts/dashboards';
import { datasetQuery } from '../api/datasets';
import { ChartView } from '../components/ChartView';
import { REPORT_GRID_TEXT } from '../components/ReportGrid';
import { isTimeFrameValid } from '../../../lib/time-frame';
import { RawDataTable } from './RawDataTable';

export interface ElementChartProps {
  element: ReportElement;
  orgId: string;
  settings: ReportSettings;
  /** The element editor's preview adds the collapsible Raw Data Table under the chart. */
  showRawData?: boolean;
}

/** An element drawn over its breakdown's dataset for the report's frame and test plans (one request per breakdown). */
export function ElementChart({ element, orgId, settings, showRawData = false }: ElementChartProps) {
  const dataset = useQuery(datasetQuery(orgId, element.dataBreakdown, settings.testPlans, settings.timeFrame));
  // The query waits for both dates (§5): say so rather than spin.
  if (!isTimeFrameValid(settings.timeFrame)) return <p>{REPORT_GRID_TEXT.pickDates}</p>;
  if (dataset.error && !dataset.data) return <p role="alert">{dataset.error.message}</p>;
  return (
    <>
      <ChartView element={element} dataset={dataset.data} timeFrame={settings.timeFrame} />
      {showRawData && dataset.data && <RawDataTable dataset={dataset.data} config={element.dataBreakdownConfig} />}
    </>
  );
}
