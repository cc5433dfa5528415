import { isClientRecordId } from '../../shared/contracts/client-ids';
import { isPrimaryKeyViolation } from './dialect';

export interface SaveByClientId<T> {
  /** Updates the caller's live record `id`; undefined when there is none. */
  update: () => Promise<T | undefined>;
  /** Whether any row has the id (another organization's, or a deleted one, included). */
  exists: () => Promise<boolean>;
  /** Inserts the record under the id. */
  insert: () => Promise<T | undefined>;
}

/**
 * The save of a record named by id: an update of the caller's record, or, when the id is one a client made for a new
 * record (a UUID no row has), the record created under that id. So a record created offline and saved again before
 * it synced is one row: the first replay creates it, the next updates it. Undefined (404 for the caller) when the id
 * is unknown and not a client's, or names a row the caller may not write (another organization's, or deleted).
 */
export async function saveByClientId<T>(id: string, { update, exists, insert }: SaveByClientId<T>): Promise<T | undefined> {
  const updated = await update();
  if (updated !== undefined || !isClientRecordId(id) || (await exists())) return updated;
  try {
    return await insert();
  } catch (error) {
    // Another save created the row since the check: this one is then its update.
    if (isPrimaryKeyViolation(error)) return update();
    throw error;
  }
}
