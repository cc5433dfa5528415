import { DateTime } from 'luxon';
import {
  MS_PER_TIME_UNIT,
  type DataBreakdownConfig,
  type Dataset,
  type DatasetAttribute,
  type DatasetRow,
  type TimeUnit,
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
export function isoTime(value: DatasetRow[string] | undefined): string | null {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(ms)) return null;
  return DateTime.fromMillis(ms, { zone: 'utc' }).toISO();
}

/** §3: the dataset's rows with every 'ms' attribute turned into an ISO time (the raw data table shows these). */
export function withIsoTimes(dataset: Dataset): DatasetRow[] {
  const timeNames = dataset.attributes.filter(isTimeAttribute).map((attribute) => attribute.name);
  if (timeNames.length === 0) return dataset.results;
  return dataset.results.map((row) => {
    const converted: DatasetRow = { ...row };
    for (const name of timeNames) converted[name] = isoTime(row[name]) ?? row[name] ?? null;
    return converted;
  });
}

export function categoryText(value: DatasetRow[string] | undefined): string {
  return value === null || value === undefined || value === '' ? NOT_SET : String(value);
}

/** §5: a value that is missing, empty or not a number counts as 0. */
export function numericValue(value: DatasetRow[string] | undefined): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
}

/** A duration in milliseconds in the element's time unit. */
export function durationIn(milliseconds: number, unit: TimeUnit): number {
  return milliseconds / MS_PER_TIME_UNIT[unit];
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
