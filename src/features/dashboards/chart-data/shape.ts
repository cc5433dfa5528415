import type { CategoryChartData, ChartSeries, PieChartData, TableChartData, TableChartRow } from '../../../charts/types';
import type { ChartConfig, ChartType, DataBreakdownConfig, Dataset, DatasetAttribute } from '../../../shared/contracts/dashboards';
import {
  attributesByName,
  categoryColumn,
  filteredRowIndices,
  isCategoryAttribute,
  isTimeAttribute,
  NOT_SET,
  numericColumn,
  timeAttributeOf,
  type CategoryColumn,
} from './dataset';
import { frameBounds, timeBuckets, type FrameBounds, type FrameDates, type TimeBuckets } from './buckets';
import { aggregate, formatValue, measuresOf, ROW_COUNT_MEASURE, type Measure } from './measures';

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
  /** The indices of the filtered rows inside the frame, in dataset order. */
  rows: Int32Array;
  /** Each of those rows' time, and its bucket in `buckets` (-1 without buckets): parallel to `rows`. */
  times: Float64Array;
  bucketOf: Int32Array;
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
  const timeAttribute = timeAttributeOf(dataset.attributes);
  const filtered = filteredRowIndices(dataset, breakdown.config);
  const allTimes = timeAttribute ? numericColumn(dataset, timeAttribute.name) : null;
  const bounds = allTimes ? frameBounds(timeFrame, () => Array.from(filtered, (row) => allTimes[row] ?? 0)) : null;
  const buckets = bounds ? timeBuckets(bounds) : null;
  const rows = new Int32Array(filtered.length);
  const times = new Float64Array(filtered.length);
  const bucketOf = new Int32Array(filtered.length);
  let count = 0;
  for (let index = 0; index < filtered.length; index++) {
    const row = filtered[index] ?? 0;
    const time = allTimes?.[row] ?? 0;
    if (bounds && (time < bounds.fromMs || time > bounds.toMs)) continue;
    rows[count] = row;
    times[count] = time;
    bucketOf[count] = buckets ? buckets.indexOf(time) : -1;
    count += 1;
  }
  const framed: FramedRows = {
    attributes: attributesByName(dataset.attributes),
    rows: rows.subarray(0, count),
    times: times.subarray(0, count),
    bucketOf: bucketOf.subarray(0, count),
    bounds,
    buckets,
  };
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

/** What a row of a measure adds: its attribute's value in the measure's unit, or 1 when the measure counts rows. */
function measureValues(measure: Measure, dataset: Dataset): (row: number) => number {
  if (measure.attribute === null) return () => 1;
  const values = numericColumn(dataset, measure.attribute);
  const { divisor } = measure;
  return (row) => (values[row] ?? 0) / divisor;
}

/** One part of a grouping key: a code (0 to size - 1) per framed row. */
interface KeyPart {
  codes: ArrayLike<number>;
  size: number;
}

/** A category column's codes for the framed rows. */
function categoryPart(column: CategoryColumn, rows: Int32Array): KeyPart {
  const codes = new Int32Array(rows.length);
  for (let index = 0; index < rows.length; index++) codes[index] = column.codes[rows[index] ?? 0] ?? 0;
  return { codes, size: column.texts.length };
}

/** Pair numbers up to this many are looked up in a typed array rather than a Map. */
const PAIR_TABLE_MAX = 1 << 20;

/** A bucket per framed row as a key part; -1 (outside every bucket) is a code of its own. */
function bucketPart(bucketOf: Int32Array, buckets: TimeBuckets): KeyPart {
  const codes = new Int32Array(bucketOf.length);
  for (let index = 0; index < codes.length; index++) codes[index] = (bucketOf[index] ?? -1) + 1;
  return { codes, size: buckets.keys.length + 1 };
}

/**
 * Numbers the framed rows' combinations of `parts`, first seen first, and keeps the first row of each. A combination
 * is numbered part by part from pairs (number so far, code), so no key string is built per row and the numbers stay
 * below the row count.
 */
function groupRows(count: number, parts: readonly KeyPart[]): { ids: Int32Array; firstRows: number[] } {
  const ids = new Int32Array(count);
  let groups = count === 0 ? 0 : 1;
  for (const { codes, size } of parts) {
    const pairs = groups * size;
    // Few pairs (the usual case: tens of values over hundreds of buckets) take a table; many, a Map.
    const table = pairs <= PAIR_TABLE_MAX ? new Int32Array(pairs).fill(-1) : null;
    const numbered = table ? null : new Map<number, number>();
    let next = 0;
    for (let index = 0; index < count; index++) {
      const pair = (ids[index] ?? 0) * size + (codes[index] ?? 0);
      let id = table ? (table[pair] ?? -1) : (numbered?.get(pair) ?? -1);
      if (id < 0) {
        id = next++;
        if (table) table[pair] = id;
        else numbered?.set(pair, id);
      }
      ids[index] = id;
    }
    groups = next;
  }
  const firstRows = new Array<number>(groups).fill(-1);
  for (let index = 0; index < count; index++) {
    const id = ids[index] ?? 0;
    if (firstRows[id] === -1) firstRows[id] = index;
  }
  return { ids, firstRows };
}

/**
 * Bars, horizontal bars and lines: a category per time bucket of the frame, a series per plot attribute and group
 * value. Buckets or groups without rows are 0 (§5: falsy bar values are 0).
 */
export function shapeCategorySeries(input: ChartInput): CategoryChartData {
  const { attributes, rows, bucketOf, buckets } = prepare(input);
  const measures = measuresOf(input.chart, attributes);
  const group = groupAttribute(input.chart, attributes);
  const groupColumn = group ? categoryColumn(input.dataset, group.name) : null;
  const groupTexts = groupColumn?.texts ?? [''];
  const width = buckets?.keys.length ?? 0;
  const distinct = measures.filter((measure, index) => measures.findIndex((other) => other.key === measure.key) === index);
  const series: ChartSeries[] = distinct.flatMap((measure) => {
    const valueOf = measureValues(measure, input.dataset);
    const sums = new Float64Array(groupTexts.length * width);
    const counts = new Float64Array(groupTexts.length * width);
    const seen = new Uint8Array(groupTexts.length);
    for (let index = 0; index < rows.length; index++) {
      const bucket = bucketOf[index] ?? -1;
      if (bucket < 0) continue;
      const row = rows[index] ?? 0;
      const code = groupColumn ? (groupColumn.codes[row] ?? 0) : 0;
      const cell = code * width + bucket;
      seen[code] = 1;
      sums[cell] = (sums[cell] ?? 0) + valueOf(row);
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
    return groupTexts
      .flatMap((text, code) => (seen[code] ? [{ text, code }] : []))
      .sort((a, b) => a.text.localeCompare(b.text))
      .map(({ text, code }) => ({
        key: `${measure.key}${KEY_SEPARATOR}${group ? text : ''}`,
        label: !group ? measure.label : measures.length > 1 ? `${measure.label}${NAME_SEPARATOR}${text}` : text,
        values: Array.from({ length: width }, (_, bucket) => aggregate(sums[code * width + bucket] ?? 0, counts[code * width + bucket] ?? 0, measure.aggregation)),
      }));
  });
  return {
    categoryLabel: DATE_HEADER,
    valueLabel: measures.map((measure) => measure.label).join(', '),
    categories: buckets?.labels ?? [],
    series,
  };
}

/** Sums and row counts per group (parallel arrays), for a measure's values of the grouped rows. */
function tallyGroups(rows: Int32Array, ids: Int32Array, groups: number, valueOf: (row: number) => number) {
  const sums = new Float64Array(groups);
  const counts = new Float64Array(groups);
  for (let index = 0; index < rows.length; index++) {
    const id = ids[index] ?? 0;
    sums[id] = (sums[id] ?? 0) + valueOf(rows[index] ?? 0);
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return { sums, counts };
}

/**
 * A slice per combination of the element's category attributes (with the month, 'MMM YYYY', when the element shows
 * the date or names no category), names joined with ' - '. Empty slices are left out: they have no arc to draw.
 */
export function shapePie(input: ChartInput): PieChartData {
  const { attributes, rows, times, bucketOf, bounds, buckets, active } = prepare(input);
  // §5: a pie plots one attribute.
  const measure = measuresOf(input.chart, attributes)[0] ?? ROW_COUNT_MEASURE;
  const parts = active.filter(isCategoryAttribute);
  const months = bounds && (parts.length === 0 || active.some(isTimeAttribute)) ? (buckets?.unit === 'month' ? buckets : timeBuckets(bounds, 'month')) : null;
  const monthOf = months === null ? null : months === buckets ? bucketOf : Int32Array.from(times, (time) => months.indexOf(time));
  const columns = parts.map((attribute) => categoryColumn(input.dataset, attribute.name));
  const { ids, firstRows } = groupRows(rows.length, [
    ...columns.map((column) => categoryPart(column, rows)),
    ...(months && monthOf ? [bucketPart(monthOf, months)] : []),
  ]);
  const { sums, counts } = tallyGroups(rows, ids, firstRows.length, measureValues(measure, input.dataset));
  // Named by their texts; combinations that read the same (a text holding ' - ') make one slice.
  const named = new Map<string, { sum: number; count: number }>();
  firstRows.forEach((first, id) => {
    const row = rows[first] ?? 0;
    let name = columns.map((column) => column.texts[column.codes[row] ?? 0] ?? NOT_SET).join(NAME_SEPARATOR);
    if (months && monthOf) name += (columns.length > 0 ? NAME_SEPARATOR : '') + (months.labels[monthOf[first] ?? -1] ?? '');
    const slice = named.get(name) ?? { sum: 0, count: 0 };
    named.set(name, { sum: slice.sum + (sums[id] ?? 0), count: slice.count + (counts[id] ?? 0) });
  });
  const slices = [...named.entries()]
    .map(([name, { sum, count }]) => ({ key: name, label: name, value: aggregate(sum, count, measure.aggregation) }))
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
  const { attributes, rows, bucketOf, buckets, active } = prepare(input);
  const dates = historical ? buckets : null;
  const categories = active.filter(isCategoryAttribute);
  const measures = active.filter((attribute) => attribute.isValue).flatMap((attribute) => measuresOf({ ...input.chart, plotAttrs: [attribute.name] }, attributes));
  const columns = categories.map((attribute) => categoryColumn(input.dataset, attribute.name));
  const { ids, firstRows } = groupRows(rows.length, [...(dates ? [bucketPart(bucketOf, dates)] : []), ...columns.map((column) => categoryPart(column, rows))]);
  const tallies = measures.map((measure) => tallyGroups(rows, ids, firstRows.length, measureValues(measure, input.dataset)));
  // Keyed by the bucket and the texts: combinations that read the same make one row.
  const grouped = new Map<string, { bucket: number; texts: string[]; sums: number[]; counts: number[] }>();
  firstRows.forEach((first, id) => {
    const row = rows[first] ?? 0;
    const bucket = dates ? (bucketOf[first] ?? 0) : 0;
    const texts = columns.map((column) => column.texts[column.codes[row] ?? 0] ?? NOT_SET);
    const key = `${bucket}${KEY_SEPARATOR}${texts.join(KEY_SEPARATOR)}`;
    const entry = grouped.get(key) ?? { bucket, texts, sums: measures.map(() => 0), counts: measures.map(() => 0) };
    tallies.forEach(({ sums, counts }, index) => {
      entry.sums[index] = (entry.sums[index] ?? 0) + (sums[id] ?? 0);
      entry.counts[index] = (entry.counts[index] ?? 0) + (counts[id] ?? 0);
    });
    grouped.set(key, entry);
  });
  const entries = [...grouped.entries()];
  if (dates) entries.sort(([keyA, a], [keyB, b]) => a.bucket - b.bucket || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0));
  const tableRows: TableChartRow[] = entries.map(([key, { bucket, texts, sums, counts }]) => {
    const cells: Record<string, string> = {};
    if (dates) cells[DATE_COLUMN] = dates.labels[bucket] ?? '';
    categories.forEach((attribute, index) => (cells[attribute.name] = texts[index] ?? NOT_SET));
    measures.forEach((measure, index) => (cells[measure.key] = formatValue(aggregate(sums[index] ?? 0, counts[index] ?? 0, measure.aggregation))));
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
