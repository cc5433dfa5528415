import { DateTime, Duration } from 'luxon';

/** Luxon formats of the spec's dates (part 2 §9, part 3 §9). */
export const DATE_FORMATS = {
  /** Search date pickers: MMM-dd-yyyy, e.g. Mar-05-2024. */
  picker: 'MMM-dd-yyyy',
  /** Table cells, as Angular's 'medium': Mar 5, 2024, 9:03:01 AM. */
  medium: 'MMM d, yyyy, h:mm:ss a',
  /** Report and API dates. */
  report: 'yyyy-MM-dd',
  /** The time frame selector. */
  timeFrame: 'yyyy/MM/dd',
  /** Month groups on charts. */
  month: 'MMM yyyy',
} as const;

export type DateInput = Date | number | string | DateTime | null | undefined;

/** Epoch milliseconds, ISO strings, Dates and DateTimes; anything unreadable gives null. */
export function toDateTime(value: DateInput, zone?: string): DateTime | null {
  if (value === null || value === undefined || value === '') return null;
  const dateTime =
    value instanceof DateTime
      ? value
      : value instanceof Date
        ? DateTime.fromJSDate(value)
        : typeof value === 'number'
          ? DateTime.fromMillis(value)
          : DateTime.fromISO(value, { setZone: true });
  const zoned = zone ? dateTime.setZone(zone) : dateTime.toLocal();
  return zoned.isValid ? zoned : null;
}

/** Formats in English month names (the spec's formats are English), local zone unless one is given; '' when unreadable. */
export function formatDate(value: DateInput, format: string = DATE_FORMATS.medium, zone?: string): string {
  return toDateTime(value, zone)?.setLocale('en-US').toFormat(format) ?? '';
}

/** Durations are shown as minutes and seconds (hours fold into minutes): 75 min 3 s -> '75m 03s'. */
export function formatDuration(milliseconds: number | null | undefined): string {
  if (milliseconds === null || milliseconds === undefined || !Number.isFinite(milliseconds) || milliseconds < 0) return '';
  const { minutes, seconds } = Duration.fromMillis(Math.round(milliseconds / 1000) * 1000)
    .shiftTo('minutes', 'seconds')
    .toObject();
  return `${minutes ?? 0}m ${String(seconds ?? 0).padStart(2, '0')}s`;
}
