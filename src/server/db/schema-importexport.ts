/** Tables of migration 0006_import_export. Timestamps are ISO-8601 UTC text; lists are JSON text. */

/** An IMPORT process: one uploaded .bin, pending until its importDataRequired items are resolved. */
export interface ImportProcessesTable {
  id: string;
  org_id: string;
  /** users.id of the uploader; getStatus lists a user's own processes. */
  user_id: string;
  /** The collection name the import will use. */
  name: string;
  /** PENDING, COMPLETED or CANCELLED. */
  status: string;
  /** JSON ImportDataRequiredItem[] still to resolve. */
  import_data_required: string;
  /** JSON Record<item id, data>: what the user resolved so far. */
  data_updated: string;
  /** The uploaded file under DATA_DIR/imports while PENDING; null once done. */
  file_name: string | null;
  collection_id: string | null;
  message: string;
  created_at: string;
  updated_at: string;
}

/** Files a collection carries (exported and imported with it); bytes live under DATA_DIR/attachments/<collection>/<id>. */
export interface CollectionAttachmentsTable {
  id: string;
  collection_id: string;
  name: string;
  media_type: string;
  size: number;
  /** Order within the collection, kept through export and import. */
  position: number;
  created_at: string;
}

/** The export file built for a collection's current version, kept under DATA_DIR/exports so ranges stay stable. */
export interface CollectionExportsTable {
  collection_id: string;
  /** sha-256 of what the file is built from; a different key means the collection changed. */
  version_key: string;
  file_name: string;
  size: number;
  /** Strong ETag: sha-256 of the file. */
  etag: string;
  created_at: string;
}
