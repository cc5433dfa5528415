import type { CategoryChartData, ChartSeries, PieChartData, TableChartData, TableChartRow } from '../../../charts/types';
import type { ChartConfig, ChartType, DataBreakdownConfig, Dataset, DatasetAttribute, DatasetRow } from '../../../shared/contracts/dashboards';
import { attributesByName, categoryText, NOT_SET, filterRows, isCategoryAttribute, isTimeAttribute, numericValue, timeAttributeOf } from './dataset';
import { frameBounds, timeBuckets, type FrameBounds, type FrameDates, type TimeBuckets } from './buckets';
import { formatValue, measuresOf, ROW_COUNT_MEASURE, Tally, type Measure } from './measures';

export interface ChartInput {
  chart: ChartConfig;
  breakdown: DataBreakdownConfig;
  dataset: Dataset;
  /** The report's frame; without both dates the data's own span is used. */
  timeFrame: FrameDates | null;
}

export type ChartData =
  | { type: Extract<ChartType, 'table' | 'historicalTable'>; table: TableChartData }
  | { type: Extract<ChartType, 'barGraph' | 'barGraphHorizontal' | 'lineGraph'>; series: CategoryChartData }
  | { type: Extract<ChartType, 'pieGraph'>; pie: PieChartData };

/** The header of the historical table's date column and the category axis of bars and lines. */
export const DATE_HEADER = 'Date';
const DATE_COLUMN = '__date';
const KEY_SEPARATOR = '\u0000';
/** §2: pie names are the parts joined with ' - '. */
export const NAME_SEPARATOR = ' - ';

interface Prepared {
  attributes: ReadonlyMap<string, DatasetAttribute>;
  /** The filtered rows inside the frame, with their times (parallel arrays). */
  rows: readonly DatasetRow[];
  times: readonly number[];
  bounds: FrameBounds | null;
  buckets: TimeBuckets | null;
  /** The element's attributes in order, or every attribute when it names none. */
  active: readonly DatasetAttribute[];
}

type FramedRows = Omit<Prepared, 'active'>;

/**
 * The filtered, framed rows of a dataset, kept per dataset (by identity) and filters and frame: every element of a
 * report over one breakdown reads the same rows, and a year of them is worth reading once.
 */
const framedRowsCache = new WeakMap<Dataset, Map<string, FramedRows>>();

function framedRows({ breakdown, dataset, timeFrame }: ChartInput): FramedRows {
  const key = JSON.stringify([breakdown.config, timeFrame?.fromDate ?? null, timeFrame?.toDate ?? null]);
  let cached = framedRowsCache.get(dataset);
  if (!cached) framedRowsCache.set(dataset, (cached = new Map()));
  const hit = cached.get(key);
  if (hit) return hit;
  const attributes = attributesByName(dataset.attributes);
  const timeAttribute = timeAttributeOf(dataset.attributes);
  const filtered = filterRows(dataset.results, breakdown.config);
  const rowTimes = timeAttribute ? filtered.map((row) => numericValue(row[timeAttribute.name])) : [];
  const bounds = timeAttribute ? frameBounds(timeFrame, rowTimes) : null;
  const rows: DatasetRow[] = [];
  const times: number[] = [];
  filtered.forEach((row, index) => {
    const time = rowTimes[index] ?? 0;
    if (bounds && (time < bounds.fromMs || time > bounds.toMs)) return;
    rows.push(row);
    times.push(time);
  });
  const framed = { attributes, rows, times, bounds, buckets: bounds ? timeBuckets(bounds) : null };
  cached.set(key, framed);
  return framed;
}

function prepare(input: ChartInput): Prepared {
  const framed = framedRows(input);
  const named = input.breakdown.activeAttrs.flatMap((name) => framed.attributes.get(name) ?? []);
  return { ...framed, active: named.length > 0 ? named : input.dataset.attributes };
}

/** The grouping attribute, when the chart names a category the dataset has. */
function groupAttribute(chart: ChartConfig, attributes: ReadonlyMap<string, DatasetAttribute>): DatasetAttribute | null {
  const attribute = chart.group === null ? undefined : attributes.get(chart.group);
  return attribute && isCategoryAttribute(attribute) ? attribute : null;
}

/**
 * Bars, horizontal bars and lines: a category per time bucket of the frame, a series per plot attribute and group
 * value. Buckets or groups without rows are 0 (§5: falsy bar values are 0).
 */
export function shapeCategorySeries(input: ChartInput): CategoryChartData {
  const { attributes, rows, times, buckets } = prepare(input);
  const measures = measuresOf(input.chart, attributes);
  const group = groupAttribute(input.chart, attributes);
  const categoryCount = buckets?.keys.length ?? 0;
  const cells = new Map<string, { measure: Measure; group: string; sums: Float64Array; counts: Float64Array }>();
  // A lookup per measure by group value: no key string is built per row.
  const cellsByGroup = measures.map(() => new Map<string, { measure: Measure; group: string; sums: Float64Array; counts: Float64Array }>());
  const groupName = group?.name;
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex++) {
    const index = buckets ? buckets.indexOf(times[rowIndex] ?? 0) : -1;
    if (index < 0) continue;
    const row = rows[rowIndex];
    if (!row) continue;
    const groupValue = groupName === undefined ? '' : categoryText(row[groupName]);
    for (let measureIndex = 0; measureIndex < measures.length; measureIndex++) {
      const measure = measures[measureIndex];
      const byGroup = cellsByGroup[measureIndex];
      if (!measure || !byGroup) continue;
      let cell = byGroup.get(groupValue);
      if (!cell) {
        cell = { measure, group: groupValue, sums: new Float64Array(categoryCount), counts: new Float64Array(categoryCount) };
        byGroup.set(groupValue, cell);
        cells.set(`${measure.key}${KEY_SEPARATOR}${groupValue}`, cell);
      }
      cell.sums[index] = (cell.sums[index] ?? 0) + measure.valueOf(row);
      cell.counts[index] = (cell.counts[index] ?? 0) + 1;
    }
  }
  const ordered = [...cells.entries()].sort(([, a], [, b]) => measures.indexOf(a.measure) - measures.indexOf(b.measure) || a.group.localeCompare(b.group));
  const series: ChartSeries[] = ordered.map(([key, cell]) => ({
    key,
    label: !group ? cell.measure.label : measures.length > 1 ? `${cell.measure.label}${NAME_SEPARATOR}${cell.group}` : cell.group,
    values: Array.from(cell.sums, (sum, index) => {
      const count = cell.counts[index] ?? 0;
      if (cell.measure.aggregation === 'sum') return sum;
      return count === 0 ? 0 : sum / count;
    }),
  }));
  return {
    categoryLabel: DATE_HEADER,
    valueLabel: measures.map((measure) => measure.label).join(', '),
    categories: buckets?.labels ?? [],
    series,
  };
}

/**
 * A slice per combination of the element's category attributes (with the month, 'MMM YYYY', when the element shows
 * the date or names no category), names joined with ' - '. Empty slices are left out: they have no arc to draw.
 */
export function shapePie(input: ChartInput): PieChartData {
  const { attributes, rows, times, bounds, active } = prepare(input);
  // §5: a pie plots one attribute.
  const measure = measuresOf(input.chart, attributes)[0] ?? ROW_COUNT_MEASURE;
  const parts = active.filter(isCategoryAttribute);
  const months = bounds && (parts.length === 0 || active.some(isTimeAttribute)) ? timeBuckets(bounds, 'month') : null;
  const tallies = new Map<string, Tally>();
  const partNames = parts.map((attribute) => attribute.name);
  rows.forEach((row, index) => {
    // The parts joined with NAME_SEPARATOR, built as one string (no array per row).
    let name = '';
    for (let part = 0; part < partNames.length; part++) name += (part > 0 ? NAME_SEPARATOR : '') + categoryText(row[partNames[part] ?? '']);
    if (months) name += (partNames.length > 0 ? NAME_SEPARATOR : '') + (months.labels[months.indexOf(times[index] ?? 0)] ?? '');
    let tally = tallies.get(name);
    if (!tally) tallies.set(name, (tally = new Tally()));
    tally.add(measure.valueOf(row));
  });
  const slices = [...tallies.entries()]
    .map(([name, tally]) => ({ key: name, label: name, value: tally.result(measure.aggregation) }))
    .filter((slice) => slice.value > 0)
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  const categoryLabel = [...parts.map((attribute) => attribute.label), ...(months ? ['Month'] : [])].join(NAME_SEPARATOR);
  return { categoryLabel, valueLabel: measure.label, slices };
}

/**
 * Table (§2: no Time column) and historical table (rows by date): a row per combination of the element's category
 * attributes, and per day or month for the historical one; value attributes are summed or averaged over the row.
 */
export function shapeTable(input: ChartInput, historical: boolean): TableChartData {
  const { attributes, rows, times, buckets, active } = prepare(input);
  const dates = historical ? buckets : null;
  const categories = active.filter(isCategoryAttribute);
  const measures = active.filter((attribute) => attribute.isValue).flatMap((attribute) => measuresOf({ ...input.chart, plotAttrs: [attribute.name] }, attributes));
  const grouped = new Map<string, { bucket: number; texts: string[]; tallies: Tally[] }>();
  const categoryNames = categories.map((attribute) => attribute.name);
  rows.forEach((row, index) => {
    const bucket = dates ? dates.indexOf(times[index] ?? 0) : 0;
    // The bucket and the category texts joined with KEY_SEPARATOR, built as one string (the texts kept once per row).
    let key = `${bucket}${KEY_SEPARATOR}`;
    for (let part = 0; part < categoryNames.length; part++) key += (part > 0 ? KEY_SEPARATOR : '') + categoryText(row[categoryNames[part] ?? '']);
    let entry = grouped.get(key);
    if (!entry) grouped.set(key, (entry = { bucket, texts: categoryNames.map((name) => categoryText(row[name])), tallies: measures.map(() => new Tally()) }));
    for (let measureIndex = 0; measureIndex < measures.length; measureIndex++) entry.tallies[measureIndex]?.add(measures[measureIndex]?.valueOf(row) ?? 0);
  });
  const entries = [...grouped.entries()];
  if (dates) entries.sort(([keyA, a], [keyB, b]) => a.bucket - b.bucket || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0));
  const tableRows: TableChartRow[] = entries.map(([key, { bucket, texts, tallies }]) => {
    const cells: Record<string, string> = {};
    if (dates) cells[DATE_COLUMN] = dates.labels[bucket] ?? '';
    categories.forEach((attribute, index) => (cells[attribute.name] = texts[index] ?? NOT_SET));
    measures.forEach((measure, index) => (cells[measure.key] = formatValue(tallies[index]?.result(measure.aggregation) ?? 0)));
    return { id: key, cells };
  });
  return {
    columns: [
      ...(dates ? [{ id: DATE_COLUMN, header: DATE_HEADER }] : []),
      ...categories.map((attribute) => ({ id: attribute.name, header: attribute.label })),
      ...measures.map((measure) => ({ id: measure.key, header: measure.label })),
    ],
    rows: tableRows,
  };
}

/** The data of the view that matches the element's chart type (§2: a chart base shows the view of its type). */
export function shapeChart(input: ChartInput): ChartData {
  const { type } = input.chart;
  switch (type) {
    case 'table':
    case 'historicalTable':
      return { type, table: shapeTable(input, type === 'historicalTable') };
    case 'pieGraph':
      return { type, pie: shapePie(input) };
    case 'barGraph':
    case 'barGraphHorizontal':
    case 'lineGraph':
      return { type, series: shapeCategorySeries(input) };
  }
}
