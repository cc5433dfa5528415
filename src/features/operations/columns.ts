import type { CsvColumn } from '../../lib/csv';
import { formatDate, formatDuration } from '../../lib/dates';
import { EXECUTION_RESULT_LABELS, type ExecutionHistoryRow, type ScheduleSummaryRow, type TestSuiteSummaryRow } from '../../shared/contracts/operations';
import { RESULT_TEXT } from '../../charts/HistoryStrip';
import type { FlakyFlow } from '../../shared/contracts/flakiness';

/**
 * Each table's columns, once: the tables render them (with a few cells made buttons) and the CSV and PDF exports write
 * them. Dates use the medium format in the user's zone, which the PDF names.
 */

const joined = (values: readonly string[]) => values.join(', ');

/**
 * A column of a table and its exports. `width` is for the table: px for values that must show whole (dates), or a
 * share ('2fr') of the room left, never below `minWidth` px; a cut value shows whole in a tooltip.
 */
export interface OperationsColumnSpec<Row> extends CsvColumn<Row> {
  width?: number | string;
  minWidth?: number;
  /** Two lines where the column is narrow. */
  wraps?: boolean;
}

/** 'Mar 10, 2026, 11:33:58 PM' on one line where there is room, else 'Mar 10, 2026,' over '11:33:58 PM'. */
const DATE_WIDTH = 210;
const DATE_MIN_WIDTH = 124;
const NAME_WIDTH = 190;
const PERSON_WIDTH = 130;

export const resourceNamesOf = (row: Pick<ExecutionHistoryRow, 'devices' | 'deviceNames'>) => joined(row.devices.map((id) => row.deviceNames[id] ?? id));

/**
 * §3 Test suite execution (history row), in the order of the result table: every column shows at 1440 px (issue 27),
 * dates on one line beside the side menu, on two where the status sidebar is open too. The least widths (938 px, the
 * grid's room beside both at 1440 px less a scroll bar) keep every title's words and every result whole.
 */
export const EXECUTION_COLUMNS: readonly OperationsColumnSpec<ExecutionHistoryRow>[] = [
  { header: 'Collection Name', width: '2fr', minWidth: 110, value: (row) => row.testSuiteName },
  { header: 'Version', width: '1fr', minWidth: 80, value: (row) => row.versionTag },
  { header: 'Executed By', width: '1fr', minWidth: 90, value: (row) => row.userTriggeredName },
  { header: 'Cancelled By', width: '1fr', minWidth: 98, value: (row) => row.userCancelledName },
  // 'passed flow' whole.
  { header: 'Result', width: 106, value: (row) => EXECUTION_RESULT_LABELS[row.testStatus] },
  { header: 'Resource(s)', width: '1fr', minWidth: 116, value: resourceNamesOf },
  { header: 'Time Started', width: `minmax(${DATE_MIN_WIDTH}px, ${DATE_WIDTH}px)`, minWidth: DATE_MIN_WIDTH, wraps: true, value: (row) => formatDate(row.timeStarted) },
  { header: 'Time Completed', width: `minmax(${DATE_MIN_WIDTH}px, ${DATE_WIDTH}px)`, minWidth: DATE_MIN_WIDTH, wraps: true, value: (row) => formatDate(row.timeCompleted) },
  { header: 'Duration', width: 90, value: (row) => formatDuration(row.duration) },
];

/** §2 Collection Details: its columns, then the runs within the dates the summary counts for each collection. */
export const COLLECTION_SUMMARY_COLUMNS: readonly OperationsColumnSpec<TestSuiteSummaryRow>[] = [
  { header: 'Name', width: NAME_WIDTH, value: (row) => row.name },
  { header: 'Tags', value: (row) => joined(row.tags) },
  { header: 'Version', value: (row) => row.version },
  { header: 'Created By', width: PERSON_WIDTH, value: (row) => row.createdBy },
  { header: 'Created Date', width: DATE_WIDTH, value: (row) => formatDate(row.createdDate) },
  { header: 'Updated By', width: PERSON_WIDTH, value: (row) => row.updatedBy },
  { header: 'Updated Date', width: DATE_WIDTH, value: (row) => formatDate(row.updatedDate) },
  { header: 'Collection status', width: 130, value: (row) => EXECUTION_RESULT_LABELS[row.status] },
  { header: 'Runs (Passed / Failed)', width: 170, value: (row) => `${row.runs} (${row.passed} / ${row.failed})` },
];

export const SCHEDULE_ID_HEADER = 'Id';

/** §3 Schedule summary row without scheduleId and executionType; the firing's id comes last. */
export const SCHEDULE_SUMMARY_COLUMNS: readonly OperationsColumnSpec<ScheduleSummaryRow>[] = [
  { header: 'Schedule Name', width: NAME_WIDTH, value: (row) => row.scheduleName },
  { header: 'Tags', value: (row) => joined(row.collectionTags) },
  { header: 'Versions', value: (row) => joined(row.versionTags) },
  { header: 'Status', width: 100, value: (row) => row.status },
  { header: 'Start Time', width: DATE_WIDTH, value: (row) => formatDate(row.startTime) },
  { header: 'Passed / Failed / Total', width: 190, value: (row) => `${row.passed} / ${row.failed} / ${row.totalCollections}` },
  { header: 'Cancelled By', width: PERSON_WIDTH, value: (row) => row.cancelledBy },
  { header: 'Created By', width: PERSON_WIDTH, value: (row) => row.createdBy },
  { header: 'Created Date', width: DATE_WIDTH, value: (row) => formatDate(row.createdDate) },
  { header: 'Updated By', width: PERSON_WIDTH, value: (row) => row.updatedBy },
  { header: 'Updated Date', width: DATE_WIDTH, value: (row) => formatDate(row.updatedDate) },
  { header: SCHEDULE_ID_HEADER, width: 300, value: (row) => row.id },
];

/** §2: the schedule export skips the id column. */
export const SCHEDULE_SUMMARY_EXPORT_COLUMNS = SCHEDULE_SUMMARY_COLUMNS.filter((column) => column.header !== SCHEDULE_ID_HEADER);

/** A flow's top failure signatures as one line: 'signature (count)', most first. */
export const topSignaturesText = (flow: Pick<FlakyFlow, 'topSignatures'>) => flow.topSignatures.map(({ signature, count }) => `${signature} (${count})`).join('; ');

/**
 * The Flaky flows view (issue 29). The history strip exports as its results' letters, oldest first (P, F, S, A), the
 * flip rate as a percentage to one decimal.
 */
export const FLAKY_FLOW_COLUMNS: readonly OperationsColumnSpec<FlakyFlow>[] = [
  { header: 'Collection', width: '1fr', minWidth: 100, value: (row) => row.collectionName },
  { header: 'Flow', width: '1fr', minWidth: 100, value: (row) => row.flowName },
  { header: 'Flip Rate', width: 80, value: (row) => `${(row.flipRate * 100).toFixed(1)}%` },
  { header: 'Failures', width: 84, value: (row) => row.failures },
  { header: 'Runs', width: 56, value: (row) => row.runs },
  { header: 'Last Flip', width: `minmax(${DATE_MIN_WIDTH}px, ${DATE_WIDTH}px)`, minWidth: DATE_MIN_WIDTH, wraps: true, value: (row) => formatDate(row.lastFlip) },
  // At most 30 marks of 24 px; a narrower column scrolls the strip (StripCell), newest in view.
  { header: 'History', width: 'minmax(232px, 744px)', minWidth: 232, value: (row) => row.results.map((result) => RESULT_TEXT[result.result].letter).join('') },
  { header: 'Top Failure Signatures', width: '2fr', minWidth: 160, value: topSignaturesText },
];
