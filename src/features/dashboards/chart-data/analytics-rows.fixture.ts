import { DateTime } from 'luxon';
import { ANALYTICS_DATA_ATTRIBUTES, datasetOfRows, type Dataset, type DatasetRow } from '../../../shared/contracts/dashboards';

/** Test rows of the Analytics Data breakdown, as the datasets feed answers them: one passed run unless told. */
export function analyticsRun(date: string, fields: Partial<Record<string, string | number | null>> = {}): DatasetRow {
  return {
    time: DateTime.fromISO(date, { zone: 'utc' }).set({ hour: 12 }).toMillis(),
    collection: 'Checkout',
    device: 'chromium-1',
    result: 'PASSED',
    triggeredBy: 'admin',
    tags: '',
    version: '1.0',
    duration: 60_000,
    passedSteps: 4,
    failedSteps: 0,
    count: 1,
    ...fields,
  };
}

/** The rows as the feed answers them: columnar, one array per attribute. */
export function analyticsDataset(rows: DatasetRow[]): Dataset {
  return datasetOfRows(ANALYTICS_DATA_ATTRIBUTES, rows);
}
