import { DateTime } from 'luxon';
import {
  columnCells,
  datasetRowCount,
  isCodedColumn,
  rowsOfDataset,
  type DataBreakdownConfig,
  type Dataset,
  type DatasetAttribute,
  type DatasetCell,
  type DatasetColumn,
  type DatasetRow,
} from '../../../shared/contracts/dashboards';

/** The text of a category cell with no value: empty and missing values group together under it. */
export const NOT_SET = 'Not set';

/** §3: attributes with unit 'ms' are epoch-millisecond times. */
export function isTimeAttribute(attribute: DatasetAttribute): boolean {
  return attribute.unit === 'ms';
}

/** A category to filter, group or name by: not a value, not a time. */
export function isCategoryAttribute(attribute: DatasetAttribute): boolean {
  return !attribute.isValue && !isTimeAttribute(attribute);
}

export function timeAttributeOf(attributes: readonly DatasetAttribute[]): DatasetAttribute | undefined {
  return attributes.find(isTimeAttribute);
}

export function attributesByName(attributes: readonly DatasetAttribute[]): ReadonlyMap<string, DatasetAttribute> {
  return new Map(attributes.map((attribute) => [attribute.name, attribute]));
}

/** Epoch milliseconds (a number or its digits) as a UTC ISO time; null when it is no time. */
export function isoTime(value: DatasetCell | undefined): string | null {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(ms)) return null;
  return DateTime.fromMillis(ms, { zone: 'utc' }).toISO();
}

/** §3: the dataset's rows with every 'ms' attribute turned into an ISO time (the raw data table shows these). */
export function withIsoTimes(dataset: Dataset): DatasetRow[] {
  const timeNames = dataset.attributes.filter(isTimeAttribute).map((attribute) => attribute.name);
  const rows = datasetRows(dataset);
  if (timeNames.length === 0) return [...rows];
  return rows.map((row) => {
    const converted: DatasetRow = { ...row };
    for (const name of timeNames) converted[name] = isoTime(row[name]) ?? row[name] ?? null;
    return converted;
  });
}

export function categoryText(value: DatasetCell | undefined): string {
  return value === null || value === undefined || value === '' ? NOT_SET : String(value);
}

/** §5: a value that is missing, empty or not a number counts as 0. */
export function numericValue(value: DatasetCell | undefined): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
}

/**
 * The breakdown's filters: an attribute with a non-empty list keeps only rows whose value is listed; an attribute with
 * no entry or an empty list keeps every row.
 */
export function filterRows(rows: readonly DatasetRow[], config: DataBreakdownConfig['config']): readonly DatasetRow[] {
  const filters = Object.entries(config)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => [name, new Set(values)] as const);
  if (filters.length === 0) return rows;
  return rows.filter((row) => filters.every(([name, kept]) => kept.has(categoryText(row[name]))));
}

/** A category attribute's cells as codes: `texts[codes[row]]` is the row's categoryText. */
export interface CategoryColumn {
  codes: Int32Array;
  texts: readonly string[];
}

/**
 * What shaping reads of a dataset, worked out once per dataset (by identity) and attribute: every element of a report
 * over one breakdown reads the same columns, and a year of rows is worth reading once.
 */
interface DatasetColumns {
  byName: ReadonlyMap<string, DatasetColumn>;
  categories: Map<string, CategoryColumn>;
  numbers: Map<string, Float64Array>;
  rows?: readonly DatasetRow[];
}

const columnsCache = new WeakMap<Dataset, DatasetColumns>();

function columnsOf(dataset: Dataset): DatasetColumns {
  let columns = columnsCache.get(dataset);
  if (!columns) {
    const byName = new Map(dataset.attributes.map((attribute, index) => [attribute.name, dataset.results[index] ?? []] as const));
    columnsCache.set(dataset, (columns = { byName, categories: new Map(), numbers: new Map() }));
  }
  return columns;
}

/** The rows as objects keyed by attribute name (the raw data table and the filter choices read these). */
export function datasetRows(dataset: Dataset): readonly DatasetRow[] {
  const columns = columnsOf(dataset);
  return (columns.rows ??= rowsOfDataset(dataset));
}

function cached<T>(cache: Map<string, T>, name: string, make: () => T): T {
  let value = cache.get(name);
  if (value === undefined) cache.set(name, (value = make()));
  return value;
}

/**
 * A column's cells coded by categoryText: cells of one text (null, '' and a missing value are all NOT_SET; 1 and '1')
 * share a code. A column the server coded is recoded through its values, without a lookup per row.
 */
function codedColumn(column: DatasetColumn | undefined, rowCount: number): CategoryColumn {
  const texts: string[] = [];
  const codeOfText = new Map<string, number>();
  const codeOfCell = (cell: DatasetCell | undefined): number => {
    const text = categoryText(cell);
    let code = codeOfText.get(text);
    if (code === undefined) codeOfText.set(text, (code = texts.push(text) - 1));
    return code;
  };
  const codes = new Int32Array(rowCount);
  if (isCodedColumn(column)) {
    const recode = Int32Array.from(column.values, codeOfCell);
    // The usual case, values of distinct texts, keeps the server's codes: a native copy, not a loop that runs cold.
    if (recode.every((code, value) => code === value)) codes.set(column.codes);
    else for (let row = 0; row < rowCount; row++) codes[row] = recode[column.codes[row] ?? 0] ?? 0;
  } else {
    const codeOfValue = new Map<DatasetCell | undefined, number>();
    for (let row = 0; row < rowCount; row++) {
      const cell = column?.[row];
      let code = codeOfValue.get(cell);
      if (code === undefined) codeOfValue.set(cell, (code = codeOfCell(cell)));
      codes[row] = code;
    }
  }
  if (texts.length === 0) texts.push(NOT_SET);
  return { codes, texts };
}

/** An attribute's cells by categoryText, coded; an attribute the dataset lacks is NOT_SET in every row. */
export function categoryColumn(dataset: Dataset, name: string): CategoryColumn {
  const columns = columnsOf(dataset);
  return cached(columns.categories, name, () => codedColumn(columns.byName.get(name), datasetRowCount(dataset)));
}

/** An attribute's cells as numbers (numericValue); 0 in every row for an attribute the dataset lacks. */
export function numericColumn(dataset: Dataset, name: string): Float64Array {
  const columns = columnsOf(dataset);
  const column = columns.byName.get(name);
  return cached(columns.numbers, name, () => {
    const numbers = new Float64Array(datasetRowCount(dataset));
    const cells = column && columnCells(column);
    if (cells) for (let row = 0; row < numbers.length; row++) numbers[row] = numericValue(cells[row]);
    return numbers;
  });
}

/** The indices of the rows the breakdown's filters keep (filterRows' rule), in dataset order. */
export function filteredRowIndices(dataset: Dataset, config: DataBreakdownConfig['config']): Int32Array {
  const filters = Object.entries(config)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => {
      const { codes, texts } = categoryColumn(dataset, name);
      const kept = new Set(values);
      return { codes, keeps: texts.map((text) => kept.has(text)) };
    });
  const count = datasetRowCount(dataset);
  const indices = new Int32Array(count);
  let kept = 0;
  for (let row = 0; row < count; row++) {
    let keep = true;
    for (let filter = 0; keep && filter < filters.length; filter++) {
      const { codes, keeps } = filters[filter] as (typeof filters)[number];
      keep = keeps[codes[row] ?? 0] === true;
    }
    if (keep) indices[kept++] = row;
  }
  return indices.subarray(0, kept);
}
