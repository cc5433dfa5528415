import { z } from 'zod';

/**
 * The id a client makes (crypto.randomUUID) for a record it creates, so that a create saved offline, and saved again
 * before it reached the server, stays one record: the server creates the record under that id, and a later save of
 * the same id updates it. Only UUIDs are taken, so a made-up or mistyped id still answers 404.
 */
export const clientRecordIdSchema = z.uuid();

export function isClientRecordId(id: string): boolean {
  return clientRecordIdSchema.safeParse(id).success;
}

/** A new id for a record this client creates. */
export function newClientRecordId(): string {
  return crypto.randomUUID();
}
