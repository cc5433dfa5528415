import type { ReleaseKind } from '../../shared/contracts/quarantine';

/**
 * Flow quarantine (migration 0025; issue 29). One row per flow of a collection ever quarantined: its latest
 * quarantine, in force while released_at is null. Quarantining it again starts a new quarantine in the same row.
 */
export interface FlowQuarantinesTable {
  org_id: string;
  collection_id: string;
  flow_id: string;
  flow_name: string;
  reason: string;
  quarantined_by: string;
  quarantined_at: string;
  released_at: string | null;
  released_by: string | null;
  release_kind: ReleaseKind | null;
  /** RECOVERED: the run whose pass completed the streak. */
  released_in_run: string | null;
}

/** The flows that failed in a run while in quarantine, as their quarantine was when the run ended. */
export interface RunQuarantinedFailuresTable {
  status_id: string;
  flow_id: string;
  flow_name: string;
  reason: string;
  quarantined_by: string;
  quarantined_at: string;
}
