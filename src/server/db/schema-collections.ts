/** Tables of migration 0002_collections. Timestamps are ISO-8601 UTC text; booleans are 0/1; lists are JSON text. */
export interface CollectionsTable {
  id: string;
  org_id: string;
  /** The trimmed testSuiteName; unique per organization among live collections, ignoring case. */
  name: string;
  /** The collection document (collectionSchema JSON); id, name, tags, version and audit fields come from the columns. */
  document: string;
  /** JSON string[] of organization tag ids. */
  tags: string;
  /** The version tag id. */
  version: string | null;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
  deleted: number;
}

export interface TagsTable {
  id: string;
  org_id: string;
  tag_name: string;
  tag_type: string;
  hide_tag: number;
  created_at: string;
}

export interface ImageFiltersTable {
  id: string;
  type: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface FailureLabelsTable {
  id: string;
  org_id: string;
  label_name: string;
  created_at: string;
  updated_at: string;
}

/** The failure label attached to a failed run, keyed by the run's statusId. */
export interface CollectionLabelsTable {
  status_id: string;
  label_id: string;
  updated_by: string;
  updated_at: string;
}
