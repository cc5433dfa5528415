import { useQueries } from '@tanstack/react-query';
import { type DataBreakdown, type Dataset, type ElementSize, type ReportElement, type ReportSettings } from '../../../shared/contracts/dashboards';
import { errorText } from '../../../lib/error-messages';
import { datasetQuery } from '../api/datasets';
import { isTimeFrameValid } from '../../../lib/time-frame';
import { elementTitle } from '../chart-data/element-title';
import { ChartView } from './ChartView';
import './ReportGrid.css';

export interface ReportGridProps {
  elements: readonly ReportElement[];
  orgId: string;
  /** The frame shown (the viewer's choice, or the report's own) and the report's test plans. */
  settings: ReportSettings;
}

export const REPORT_GRID_TEXT = {
  noElements: 'This report has no elements yet.',
  pickDates: 'Pick both a from and a to date to see the data.',
} as const;

/** Grid columns an element spans out of four: its size fraction of the report's width (§3). */
const COLUMNS: Readonly<Record<ElementSize, number>> = { 0.25: 1, 0.5: 2, 0.75: 3, 1: 4 };

type DatasetState = { data?: Dataset; error: Error | null };

/**
 * A report's elements laid out by size fraction in a four-column grid that folds to two and then one column on narrow
 * screens. Each breakdown's dataset is asked once, whatever the number of elements drawn from it (§4).
 */
export function ReportGrid({ elements, orgId, settings }: ReportGridProps) {
  const breakdowns = [...new Set(elements.map((element) => element.dataBreakdown))];
  const results = useQueries({ queries: breakdowns.map((breakdown) => datasetQuery(orgId, breakdown, settings.testPlans, settings.timeFrame)) });
  const datasets = new Map<DataBreakdown, DatasetState>(breakdowns.map((breakdown, index) => [breakdown, results[index] ?? { error: null }]));
  const canRead = isTimeFrameValid(settings.timeFrame);

  if (elements.length === 0) return <p className="report-grid__note">{REPORT_GRID_TEXT.noElements}</p>;
  return (
    <ul className="report-grid" aria-label="Report elements">
      {elements.map((element) => {
        const title = elementTitle(element);
        const dataset = datasets.get(element.dataBreakdown);
        return (
          <li key={element.id} className={`report-grid__element report-grid__element--span-${COLUMNS[element.size]}`}>
            <article className="report-grid__card" aria-label={title}>
              <h3 className="report-grid__title">{title}</h3>
              {!canRead ? (
                <p className="report-grid__note">{REPORT_GRID_TEXT.pickDates}</p>
              ) : dataset?.error && !dataset.data ? (
                <p className="report-grid__note report-grid__note--error" role="alert">
                  {errorText(dataset.error)}
                </p>
              ) : (
                <ChartView element={element} dataset={dataset?.data} timeFrame={settings.timeFrame} />
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
