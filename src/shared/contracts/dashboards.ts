import { z } from 'zod';

/**
 * Dashboards (spec part 3 §2–§9, issue 16): saved reports made of chart elements, over datasets drawn from the
 * run history. Both sides validate with these schemas; docs/decisions.md explains the choices the spec leaves open.
 */

/** Time frame presets of part 3 §2 (Time frame selector); 'custom' takes the user's from and to dates. */
export const TIME_FRAME_TYPES = [
  'previous_1_days',
  'previous_7_days',
  'previous_30_days',
  'previous_2_months',
  'previous_3_months',
  'previous_6_months',
  'custom',
] as const;
export type TimeFrameType = (typeof TIME_FRAME_TYPES)[number];
export const TIME_FRAME_NAMES: Readonly<Record<TimeFrameType, string>> = {
  previous_1_days: 'Yesterday',
  previous_7_days: 'Last 7 Days',
  previous_30_days: 'Last 30 Days',
  previous_2_months: 'Last 2 Months',
  previous_3_months: 'Last 3 Months',
  previous_6_months: 'Last 6 Months',
  custom: 'Custom',
};
/** Part 3 §4: a new report starts on Yesterday. */
export const DEFAULT_TIME_FRAME_TYPE: TimeFrameType = 'previous_1_days';

/** Report dates are YYYY-MM-DD (part 3 §3, §9), read as UTC days (§4). */
export const reportDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date form YYYY-MM-DD');

/**
 * A preset is relative: its dates are worked out again from today whenever the report is shown, and the stored dates
 * are those of the last save. A custom frame keeps its dates. A time frame is valid only with both dates (§5).
 */
export const timeFrameSchema = z.object({
  type: z.enum(TIME_FRAME_TYPES),
  name: z.string().max(60),
  fromDate: reportDateSchema.nullable(),
  toDate: reportDateSchema.nullable(),
});
export type TimeFrame = z.infer<typeof timeFrameSchema>;

export const reportSettingsSchema = z.object({
  timeFrame: timeFrameSchema,
  /** The test plans (collection ids) the report reads; empty reads every collection of the organization. */
  testPlans: z.array(z.string().min(1).max(64)).max(200).default([]),
});
export type ReportSettings = z.infer<typeof reportSettingsSchema>;

/** Chart types of part 3 §2 (Chart views), with the labels the chart chooser shows. */
export const CHART_TYPES = ['table', 'historicalTable', 'barGraph', 'barGraphHorizontal', 'pieGraph', 'lineGraph'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_TYPE_LABELS: Readonly<Record<ChartType, string>> = {
  table: 'Table',
  historicalTable: 'Historical',
  barGraph: 'Bar',
  barGraphHorizontal: 'Column grouped by date',
  pieGraph: 'Pie',
  lineGraph: 'Line',
};
/** §5: bar, horizontal bar and pie plot one attribute. */
export const SINGLE_PLOT_CHART_TYPES: readonly ChartType[] = ['barGraph', 'barGraphHorizontal', 'pieGraph'];
/** The types that take plot attributes and the types that take a grouping (§2 Chart views). */
export const PLOT_CHART_TYPES: readonly ChartType[] = ['barGraph', 'barGraphHorizontal', 'pieGraph'];
export const GROUPING_CHART_TYPES: readonly ChartType[] = ['barGraph', 'barGraphHorizontal', 'lineGraph'];

export const TIME_UNITS = ['Milliseconds', 'Seconds', 'Minutes', 'Hours', 'Days'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
/** §3: the default time unit is seconds. */
export const DEFAULT_TIME_UNIT: TimeUnit = 'Seconds';
export const MS_PER_TIME_UNIT: Readonly<Record<TimeUnit, number>> = {
  Milliseconds: 1,
  Seconds: 1_000,
  Minutes: 60_000,
  Hours: 3_600_000,
  Days: 86_400_000,
};

export const chartConfigSchema = z
  .object({
    type: z.enum(CHART_TYPES).default('table'),
    /** Value attributes to plot (attribute names of the dataset). */
    plotAttrs: z.array(z.string().min(1).max(64)).max(12).default([]),
    /** The attribute rows are grouped by (a series per value), or null for no grouping. */
    group: z.string().min(1).max(64).nullable().default(null),
    timeUnit: z.enum(TIME_UNITS).default(DEFAULT_TIME_UNIT),
  })
  .refine((chart) => !SINGLE_PLOT_CHART_TYPES.includes(chart.type) || chart.plotAttrs.length <= 1, {
    message: 'This chart plots one attribute',
    path: ['plotAttrs'],
  });
export type ChartConfig = z.infer<typeof chartConfigSchema>;

/** The two breakdowns of part 3 §2: Captured Data (per step, the datasets feed) and Analytics Data (per run, botanalytics). */
export const DATA_BREAKDOWNS = ['capturedData', 'analyticsData'] as const;
export type DataBreakdown = (typeof DATA_BREAKDOWNS)[number];
export const DATA_BREAKDOWN_LABELS: Readonly<Record<DataBreakdown, string>> = {
  capturedData: 'Captured Data',
  analyticsData: 'Analytics Data',
};

export const dataBreakdownConfigSchema = z.object({
  /** Filters: attribute name to the values kept (an attribute with no entry, or an empty list, keeps every row). */
  config: z.record(z.string().min(1).max(64), z.array(z.string().max(500)).max(500)).default({}),
  /** The attributes the element shows (table columns, chart choices), in order. */
  activeAttrs: z.array(z.string().min(1).max(64)).max(64).default([]),
});
export type DataBreakdownConfig = z.infer<typeof dataBreakdownConfigSchema>;

/** §3 and §9: element sizes are fractions of the report's width. */
export const ELEMENT_SIZES = [0.25, 0.5, 0.75, 1] as const;
export type ElementSize = (typeof ELEMENT_SIZES)[number];

export const reportElementSchema = z.object({
  /** Made by the client when the element is added; keeps React keys and edits stable across saves. */
  id: z.string().min(1).max(64),
  title: z.string().max(200).default(''),
  size: z.union([z.literal(0.25), z.literal(0.5), z.literal(0.75), z.literal(1)]).default(1),
  chart: chartConfigSchema,
  dataBreakdown: z.enum(DATA_BREAKDOWNS),
  dataBreakdownConfig: dataBreakdownConfigSchema,
});
export type ReportElement = z.infer<typeof reportElementSchema>;

export const MAX_REPORT_ELEMENTS = 24;
export const REPORT_TITLE_MAX = 200;
/** The titles that name the operations and leadership dashboards; My Dashboards leaves them out (§2). */
export const CUSTOM_DASHBOARD_TITLE = 'Custom Dashboard';
export const LEADERSHIP_DASHBOARD_TITLE = 'Leadership Dashboard';

export const reportDraftSchema = z.object({
  title: z.string().trim().min(1, 'Please give the report a title').max(REPORT_TITLE_MAX),
  settings: reportSettingsSchema,
  elements: z.array(reportElementSchema).max(MAX_REPORT_ELEMENTS),
});
export type ReportDraft = z.infer<typeof reportDraftSchema>;

export const reportSchema = reportDraftSchema.extend({
  id: z.string(),
  createdBy: z.string(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * The report calls take forms (part 3 §7: "form: title, settings, elements"): settings and elements are JSON text.
 * The server parses them and validates the result with reportDraftSchema.
 */
export const REPORT_FORM_FIELDS = { id: 'id', title: 'title', settings: 'settings', elements: 'elements' } as const;

export const reportListResponseSchema = z.object({ success: z.literal(true), data: z.array(reportSchema) });
export const reportSavedResponseSchema = z.object({ success: z.literal(true), data: z.object({ id: z.string() }) });
export const reportDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * A dataset attribute. unit 'ms' marks an epoch-millisecond time, which the client turns into an ISO time (§3);
 * 'milliseconds' marks a duration, shown in the element's time unit; 'count' a number; '' text.
 */
export const DATASET_UNITS = ['ms', 'milliseconds', 'count', ''] as const;
export const datasetAttributeSchema = z.object({
  name: z.string(),
  label: z.string(),
  unit: z.enum(DATASET_UNITS),
  /** A value to plot (true) or a category to filter and group by (false). */
  isValue: z.boolean(),
  filterable: z.boolean(),
});
export type DatasetAttribute = z.infer<typeof datasetAttributeSchema>;

export const datasetCellSchema = z.union([z.string(), z.number(), z.null()]);
export type DatasetCell = z.infer<typeof datasetCellSchema>;
/** One row as an object keyed by attribute name: what the raw data table shows and tests write. */
export const datasetRowSchema = z.record(z.string(), datasetCellSchema);
export type DatasetRow = z.infer<typeof datasetRowSchema>;

/**
 * A category attribute's column as a dictionary: its distinct cells once, and per row the index of its cell. A year of
 * steps names a few collections, flows and results thousands of times; the codes are what the client groups by anyway.
 */
export const codedColumnSchema = z.object({ values: z.array(datasetCellSchema), codes: z.array(z.number().int().nonnegative()) });
export type CodedColumn = z.infer<typeof codedColumnSchema>;
/** One attribute's cells for every row: plain (times and values), or coded (categories). */
export type DatasetColumn = DatasetCell[] | CodedColumn;

/** Categories (not a value, not an epoch time) are sent coded. */
export function isCodedAttribute(attribute: Pick<DatasetAttribute, 'isValue' | 'unit'>): boolean {
  return !attribute.isValue && attribute.unit !== 'ms';
}

export function isCodedColumn(column: DatasetColumn | undefined): column is CodedColumn {
  return column !== undefined && !Array.isArray(column);
}

/** A column's number of rows. */
export function columnLength(column: DatasetColumn | undefined): number {
  if (column === undefined) return 0;
  return isCodedColumn(column) ? column.codes.length : column.length;
}

function isCellList(cells: unknown): cells is DatasetCell[] {
  if (!Array.isArray(cells)) return false;
  // Indexed loops: this runs once per answer, in code the page has not run before, where for-of's iterators cost most.
  for (let index = 0; index < cells.length; index++) {
    const cell: unknown = cells[index];
    if (cell !== null && typeof cell !== 'string' && typeof cell !== 'number') return false;
  }
  return true;
}

function isColumn(column: unknown, rows: number): column is DatasetColumn {
  if (Array.isArray(column)) return column.length === rows && isCellList(column);
  if (typeof column !== 'object' || column === null || !('values' in column) || !('codes' in column)) return false;
  const { values, codes } = column;
  if (!isCellList(values) || !Array.isArray(codes) || codes.length !== rows) return false;
  const size = values.length;
  for (let row = 0; row < rows; row++) {
    const code: unknown = codes[row];
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code >= size) return false;
  }
  return true;
}

/**
 * Whether `results` holds one column per attribute, all of one length, of string, number or null cells, coded columns
 * pointing inside their values.
 */
export function isDatasetColumns(results: unknown, attributeCount: number): results is DatasetColumn[] {
  if (!Array.isArray(results) || results.length !== attributeCount) return false;
  const rows = columnLength(results[0] as DatasetColumn | undefined);
  for (let index = 0; index < results.length; index++) if (!isColumn(results[index], rows)) return false;
  return true;
}

/**
 * `results` is columnar: one column per attribute, in the order of `attributes`, holding that attribute's value for
 * every row (rows oldest first); a category's column is coded (CodedColumn). Names are sent once instead of once per
 * row, and each category text once instead of once per row.
 */
export const datasetSchema = z
  .object({
    attributes: z.array(datasetAttributeSchema),
    results: z.array(z.union([z.array(datasetCellSchema), codedColumnSchema])),
    /** True when the range held more than MAX_DATASET_ROWS rows: results are then the newest MAX_DATASET_ROWS of them. */
    truncated: z.boolean().optional(),
  })
  .refine((dataset) => isDatasetColumns(dataset.results, dataset.attributes.length), {
    message: 'results must hold one column per attribute, all of one length, codes pointing inside their values',
    path: ['results'],
  });
export type Dataset = z.infer<typeof datasetSchema>;

export function datasetRowCount(dataset: Pick<Dataset, 'results'>): number {
  return columnLength(dataset.results[0]);
}

/** A category column's cells coded, first seen first. */
function codedColumn(cells: readonly DatasetCell[]): CodedColumn {
  const values: DatasetCell[] = [];
  const codeOf = new Map<DatasetCell, number>();
  const codes = cells.map((cell) => {
    let code = codeOf.get(cell);
    if (code === undefined) codeOf.set(cell, (code = values.push(cell) - 1));
    return code;
  });
  return { values, codes };
}

/** The columnar dataset of `rows` (objects keyed by attribute name; a missing key is null). */
export function datasetOfRows(attributes: readonly DatasetAttribute[], rows: readonly DatasetRow[], truncated?: boolean): Dataset {
  const results = attributes.map((attribute): DatasetColumn => {
    const cells = rows.map((row) => row[attribute.name] ?? null);
    return isCodedAttribute(attribute) ? codedColumn(cells) : cells;
  });
  return truncated === undefined ? { attributes: [...attributes], results } : { attributes: [...attributes], results, truncated };
}

/** A column's cells, one per row (a coded column decoded). */
export function columnCells(column: DatasetColumn | undefined): DatasetCell[] {
  if (column === undefined) return [];
  return isCodedColumn(column) ? column.codes.map((code) => column.values[code] ?? null) : column;
}

/** The rows of a columnar dataset as objects keyed by attribute name. */
export function rowsOfDataset({ attributes, results }: Pick<Dataset, 'attributes' | 'results'>): DatasetRow[] {
  const columns = results.map(columnCells);
  return Array.from({ length: columnLength(results[0]) }, (_, index) => {
    const row: DatasetRow = {};
    attributes.forEach(({ name }, column) => (row[name] = columns[column]?.[index] ?? null));
    return row;
  });
}
export const datasetResponseSchema = z.object({ success: z.literal(true), data: datasetSchema });

/** Query of the datasets feed and botanalytics: epoch-millisecond bounds (§7); botanalytics adds testChainId. */
export const datasetQuerySchema = z
  .object({
    startDate: z.coerce.number().int().nonnegative(),
    endDate: z.coerce.number().int().nonnegative(),
  })
  .refine((query) => query.endDate >= query.startDate, { message: 'endDate must not be before startDate', path: ['endDate'] });
/** The widest range one dataset call reads: a year and a day, the longest custom frame a report may ask for. */
export const MAX_DATASET_RANGE_MS = 367 * 86_400_000;
/** Rows one dataset call answers at most; the answer says when it was cut. */
export const MAX_DATASET_ROWS = 50_000;

/**
 * The attributes of Captured Data (one row per executed step) and Analytics Data (one row per run). Names are the keys
 * of the result rows.
 */
export const CAPTURED_DATA_ATTRIBUTES: readonly DatasetAttribute[] = [
  { name: 'time', label: 'Date', unit: 'ms', isValue: false, filterable: false },
  { name: 'collection', label: 'Collection', unit: '', isValue: false, filterable: true },
  { name: 'flow', label: 'Flow', unit: '', isValue: false, filterable: true },
  { name: 'step', label: 'Step', unit: '', isValue: false, filterable: true },
  { name: 'device', label: 'Resource', unit: '', isValue: false, filterable: true },
  { name: 'result', label: 'Result', unit: '', isValue: false, filterable: true },
  { name: 'failureLabel', label: 'Failure Label', unit: '', isValue: false, filterable: true },
  { name: 'tags', label: 'Tags', unit: '', isValue: false, filterable: true },
  { name: 'version', label: 'Version', unit: '', isValue: false, filterable: true },
  { name: 'duration', label: 'Duration', unit: 'milliseconds', isValue: true, filterable: false },
  { name: 'count', label: 'Steps', unit: 'count', isValue: true, filterable: false },
];
export const ANALYTICS_DATA_ATTRIBUTES: readonly DatasetAttribute[] = [
  { name: 'time', label: 'Date', unit: 'ms', isValue: false, filterable: false },
  { name: 'collection', label: 'Collection', unit: '', isValue: false, filterable: true },
  { name: 'device', label: 'Resource', unit: '', isValue: false, filterable: true },
  { name: 'result', label: 'Result', unit: '', isValue: false, filterable: true },
  { name: 'triggeredBy', label: 'Triggered By', unit: '', isValue: false, filterable: true },
  { name: 'tags', label: 'Tags', unit: '', isValue: false, filterable: true },
  { name: 'version', label: 'Version', unit: '', isValue: false, filterable: true },
  { name: 'duration', label: 'Duration', unit: 'milliseconds', isValue: true, filterable: false },
  { name: 'passedSteps', label: 'Passed Steps', unit: 'count', isValue: true, filterable: false },
  { name: 'failedSteps', label: 'Failed Steps', unit: 'count', isValue: true, filterable: false },
  // Issue 29: the run's flows that passed on a retry, or whose failure classified FLAKY when it ended.
  { name: 'flaky', label: 'Flaky Flows', unit: 'count', isValue: true, filterable: false },
  { name: 'passedOnRetry', label: 'Passed on Retry', unit: 'count', isValue: true, filterable: false },
  { name: 'count', label: 'Runs', unit: 'count', isValue: true, filterable: false },
];

/**
 * The media-optimisation attributes of §3 have no source in this platform (it records no video, carrier or network
 * data). The breakdown configurator lists them as unavailable, with this reason, rather than inventing values.
 */
export const UNAVAILABLE_MEDIA_ATTRIBUTES = [
  { name: 'videoType', label: 'Data Source' },
  { name: 'technology', label: 'Technology' },
  { name: 'carrier', label: 'Carrier Network' },
  { name: 'carrierSim', label: 'Carrier SIM' },
  { name: 'location', label: 'Location' },
  { name: 'DataUsage', label: 'Usage' },
] as const;
export const UNAVAILABLE_MEDIA_REASON = 'Not recorded by this platform: runs capture no media, carrier or network data.';

/** Part 3 §8 (the unsaved-data prompt and 'Please confirm..' are the app's MESSAGES). */
export const DASHBOARD_MESSAGES = {
  reportsFailed: 'Failed to get reports',
  noDashboards: 'You have no dashboards!',
  oneBound: 'From report start til report end',
  reportRemoved: 'Report removed',
  reportNotFound: 'Report not found',
} as const;

/** §4: datasets refresh every 60,000,000 ms; dashboards poll every 10 s (§9). */
export const DATASET_REFRESH_MS = 60_000_000;
export const DASHBOARD_POLL_MS = 10_000;
/** §9: chart height 400. */
export const CHART_HEIGHT = 400;
