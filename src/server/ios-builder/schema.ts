import type { IosBuildStatus } from '../../shared/contracts/ios-builder';

/**
 * iOS gateway client builds (migration 0020; issue 18), one row per start, per organization. At most one row of an
 * organization is CREATING (a partial unique index), which is what makes the 409 of a second start race-free.
 */
export interface IosBuildsTable {
  id: string;
  org_id: string;
  created_by: string;
  status: IosBuildStatus;
  progress: number;
  description: string | null;
  bundle_id: string;
  derived_bundle_id: string;
  team_id: string | null;
  /** FINISHED: the archive's name; it lives under the files folder's ios-builds/<org>/<id>/. */
  file_name: string | null;
  created_at: string;
  updated_at: string;
}
