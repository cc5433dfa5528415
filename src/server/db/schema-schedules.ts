import type { Generated } from 'kysely';

/** Tables of migration 0004_schedules. Times are epoch ms integers (the schedule contract's unit); booleans are 0/1. */
export interface SchedulesTable {
  id: string;
  org_id: string;
  name: string;
  enabled: number;
  /** The saved schedule (SaveSchedule of src/shared/contracts/schedules.ts without id) as JSON. */
  definition: string;
  /** The next planned firing; null when none is left. Indexed for enabled live schedules (the tick's query). */
  next_execution_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  version: number;
  deleted: number;
}

export type ScheduleExecutionKind = 'SCHEDULED' | 'RUN_NOW' | 'CATCH_UP' | 'MISSED';
export type ScheduleExecutionStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'CANCELLED' | 'MISSED';

/** One firing of a schedule. */
export interface ScheduleExecutionsTable {
  id: string;
  schedule_id: string;
  org_id: string;
  kind: ScheduleExecutionKind;
  planned_at: number | null;
  triggered_at: number;
  status: ScheduleExecutionStatus;
  triggered_by: string;
  /** Who cancelled it from the queue; its runs that were still queued are cancelled. */
  cancelled_by: string | null;
  /** The schedule's name and tags when it fired (the queue row shows them). */
  schedule_name: string;
  collection_tags: string;
  version_tags: string;
  /** The runtime configuration when it fired (FiringRuntime JSON, src/server/schedules/firing.ts). */
  runtime: string;
  /** Set when the one wait-in-queue notification of this firing was recorded. */
  notified_at: number | null;
}

/** PENDING: not queued yet (in order, waiting for the previous one); ENQUEUED: its run is status_id; SKIPPED: never run. */
export type ScheduleItemState = 'PENDING' | 'ENQUEUED' | 'SKIPPED';

export interface ScheduleExecutionItemsTable {
  id: Generated<number>;
  execution_id: string;
  position: number;
  collection_id: string;
  test_suite_name: string;
  version_tag: string | null;
  state: ScheduleItemState;
  status_id: string | null;
}

/** A firing whose collections have not all left the queue (the Control Room queue). */
export interface QueuedSchedulesTable {
  id: string;
  execution_id: string;
  org_id: string;
  created_at: number;
}

export interface ScheduleNotesTable {
  id: Generated<number>;
  execution_id: string;
  at: number;
  kind: 'NOTE' | 'NOTIFICATION';
  text: string;
  recipients: string;
  delivered_at: number | null;
}
