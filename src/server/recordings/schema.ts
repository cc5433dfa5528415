import type { RecordedAction, RecordingStatus } from '../../shared/contracts/recordings';

/** A recording on a gateway agent's DESKTOP resource (migration 0021; issue 18). */
export interface RecordingsTable {
  id: string;
  org_id: string;
  /** The starting user's row id: getStatus and stop/continue find a user's own recordings by it. */
  user_id: string;
  /** The starting user's sign-in name, the author of the collection the recording makes. */
  created_by: string;
  device_id: string;
  name: string;
  status: RecordingStatus;
  message: string;
  /** How many actions are stored, which is also the next seq the agent is asked for. */
  action_count: number;
  collection_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One action the agent saw, numbered by seq from 0 within its recording. */
export interface RecordingActionsTable {
  recording_id: string;
  seq: number;
  action: RecordedAction['action'];
  step_name: string;
  target: string;
  value: string;
}
