import { DateTime } from 'luxon';
import { required, type FieldValue } from '../../lib/validators';
import { DEFAULT_OPERATIONS_STATUS, type OperationsStatus, type SummarySearch } from '../../shared/contracts/operations';
import type { FlakyFlowsQuery } from '../../shared/contracts/flakiness';
import { defaultExecutionRange, type DateRange } from './search-dates';

/** A search the server is asked (runSearchSchema without the page): the Operations search form once valid. */
export interface ExecutionCriteria {
  deviceId?: string;
  /** Part of the collection name (the server ignores case). */
  collectionName?: string;
  status: OperationsStatus;
  dateStart: string;
  dateEnd: string;
}

/** The Operations search form (part 2 §3) as edited: any field may be empty. */
export interface ExecutionDraft extends DateRange {
  deviceId: string | null;
  collectionName: string;
  status: OperationsStatus | null;
}

/** The summary searches' form: dates, tag ids and version tag ids. */
export interface SummaryDraft extends DateRange {
  tags: string[];
  versions: string[];
}

export const defaultExecutionDraft = (now: DateTime = DateTime.now()): ExecutionDraft => ({ deviceId: null, collectionName: '', status: DEFAULT_OPERATIONS_STATUS, ...defaultExecutionRange(now) });

/** The summary searches start blank: their dates are required (§5) and the spec gives them no default. */
export const emptySummaryDraft = (): SummaryDraft => ({ start: null, end: null, tags: [], versions: [] });

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

function errorsOf<Field extends string>(values: Record<Field, FieldValue>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(values) as Field[]) {
    const error = required(values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** §5: status, dateStart and dateEnd are required (error keys); the resource and the collection name are optional. */
export const executionErrors = (draft: ExecutionDraft) => errorsOf({ status: draft.status, start: draft.start, end: draft.end });

/** §5: both dates of a summary search are required (and of the Flaky flows view's). */
export const summaryErrors = (draft: DateRange) => errorsOf({ start: draft.start, end: draft.end });

/** The criteria of a valid form, else null (the search runs only when valid). */
export function executionCriteriaOf(draft: ExecutionDraft): ExecutionCriteria | null {
  if (!draft.status || !draft.start || !draft.end) return null;
  const collectionName = draft.collectionName.trim();
  return {
    ...(draft.deviceId ? { deviceId: draft.deviceId } : {}),
    ...(collectionName ? { collectionName } : {}),
    status: draft.status,
    dateStart: draft.start,
    dateEnd: draft.end,
  };
}

/** The Flaky flows view's range once both dates are set, else null. */
export function flakyFlowsRangeOf(draft: DateRange): FlakyFlowsQuery | null {
  return draft.start && draft.end ? { from: draft.start, to: draft.end } : null;
}

export function summarySearchOf(draft: SummaryDraft): SummarySearch | null {
  if (!draft.start || !draft.end) return null;
  return { startDate: draft.start, endDate: draft.end, tags: draft.tags, versions: draft.versions };
}
