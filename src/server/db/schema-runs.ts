import type { Generated } from 'kysely';
import type { RUN_STATES, STEP_RESULT_VALUES } from '../../shared/contracts/runs';
import type { ScheduleExecutionKind } from './schema-schedules';
import type { FlowResult, RunResourceKind } from '../../shared/contracts/flakiness';

/** Run tables (migration 0003_runs). Timestamps are ISO-8601 UTC text; JSON columns hold the documented shapes. */
export type RunState = (typeof RUN_STATES)[number];

export interface RunsTable {
  status_id: string;
  /** The organization of the collection: runs are visible within it only. */
  org_id: string;
  collection_id: string;
  test_suite_name: string;
  /** The collection document as it was when the run was triggered (collectionSchema JSON). */
  collection: string;
  state: RunState;
  /** The collection's deviceType: BROWSER or HYBRID. */
  device_type: string;
  /** JSON string[] of the device ids the collection asked for (empty: any free resource of device_type). */
  hybrid_device_ids: string;
  /** JSON string[] of the device ids the dispatcher gave the run. */
  resource_ids: string;
  time_submitted: string;
  /** Breaks ties between runs submitted in the same millisecond: larger is later (migration 0008). */
  queue_order: number;
  time_started: string | null;
  time_completed: string | null;
  triggered_by: string;
  cancelled_by: string | null;
  /** JSON RunProgress (src/shared/contracts/runs.ts). */
  progress: string;
  /** JSON {path, name}[] of run-wide attachments (videos). */
  attachments: string;
  /** JSON Record<name, value>: variables the run starts with (a schedule's data row; migration 0007). */
  variables: string;
  /** The replica executing a RUNNING run (replicas.id): when its heartbeats stop, the run is aborted (migration 0009). */
  replica_id: string | null;
  /** The name of the schedule whose firing queued the run, as it was then; null for a run queued otherwise (0022). */
  schedule_name: string | null;
  /** That firing's kind: SCHEDULED, CATCH_UP or RUN_NOW (schedule_executions.kind); null with schedule_name. */
  schedule_kind: RunScheduleKind | null;
  /** sha256 of the canonical JSON of the flows as run (collectionHash.ts); null for runs queued before 0024. */
  collection_hash: string | null;
  /** The kind of resource the run was dispatched to; null until then, and for runs dispatched before 0024. */
  resource_kind: RunResourceKind | null;
  /** The retries of a failed flow the run ran with (its collection's, or its schedule's override; migration 0026). */
  retries: Generated<number>;
  /** Set when the run ends: its flows that passed on a retry, and its flaky flows (flakyFlowCount); null before 0026. */
  passed_on_retry_flows: number | null;
  flaky_flows: number | null;
  /** When the retention purge removed the run's files (screenshots, videos, attachments); null while kept (0028). */
  artifacts_removed_at: Generated<string | null>;
}

/** The kinds of firing that queue runs (a MISSED firing queues none). */
export type RunScheduleKind = Exclude<ScheduleExecutionKind, 'MISSED'>;

export type StepResultValue = (typeof STEP_RESULT_VALUES)[number];

export interface StepResultsTable {
  id: Generated<number>;
  status_id: string;
  flow_index: number;
  flow_id: string;
  flow_name: string;
  flow_type: string;
  flow_loop: number;
  step_id: string;
  step_name: string;
  action: string;
  result: StepResultValue;
  error_detail: string;
  validation_result: string;
  /** JSON {path, name}[]; paths are relative to DATA_DIR/artifacts. */
  images: string;
  attachments: string;
  time_started: string;
  time_completed: string;
  /** A FAILED step's failureSignature (src/shared/failure-signature.ts); null otherwise, and before 0024. */
  failure_signature: string | null;
  /** The attempt of the flow visit (flow_index) this step ran in: 1, then 2 for the first retry (migration 0026). */
  attempt: Generated<number>;
  /** 1 once a later attempt of the same flow visit started: the flow's result in the run is its last attempt's. */
  superseded: Generated<number>;
}

/** A finished run's result per flow, recorded when the run ends (migration 0027; runs/flowResults.ts). */
export interface RunFlowResultsTable {
  status_id: string;
  flow_id: string;
  org_id: string;
  collection_id: string;
  flow_name: string;
  /** The run's time_completed. */
  ended_at: string;
  collection_hash: string | null;
  resource_kind: RunResourceKind | null;
  result: FlowResult;
  /** Which retry the flow passed on (1 to 3); 0 when it passed on its first attempt or did not pass. */
  passed_on_retry: number;
  /** The step_results row of the flow's first failed step (FAILED only). */
  first_failed_id: number | null;
  /**
   * For a PASSED or FAILED result with a version and resource kind: the result before it on the same flow, version and
   * kind (by end time, then run), and when that one ended; null for the first, and for results never compared.
   */
  previous_result: FlowResult | null;
  previous_ended_at: string | null;
}

export interface RunLogsTable {
  id: Generated<number>;
  status_id: string;
  /** The time of the line (ISO); logsList's key. */
  key: string;
  value: string;
}
