import type { Context } from 'hono';
import type { AuditAction, AuditEntityType } from '../../shared/contracts/audit';
import { inTransaction, type Db } from '../db/database';
import { currentUser, type AppEnv } from '../http/appEnv';
import { maskSecrets } from './mask';
import { AUDIT_SNAPSHOTS, type Snapshot } from './snapshots';

/** Who made a change: the user's row id and the name shown for it (kept as it was then). */
export interface AuditActorRef {
  id: string;
  name: string;
}

export interface AuditRecord {
  actor: AuditActorRef;
  /** The organization the changed entity belongs to: whose administrators see the entry. */
  orgId: string;
  entityType: AuditEntityType;
  entityId: string;
  action: AuditAction;
  /** The entity before and after, as plain JSON values; undefined for none (before a create, after a delete). */
  before?: unknown;
  after?: unknown;
  /** Epoch ms; now by default. */
  at?: number;
}

/** The signed-in caller as an audit entry names it. */
export function auditActorOf(c: Context<AppEnv>): AuditActorRef {
  const { row } = currentUser(c);
  const name = `${row.first_name} ${row.last_name}`.trim();
  return { id: row.id, name: name === '' ? row.user_id : name };
}

const jsonOf = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Records one change in the audit trail, secrets masked. Call it with the transaction that makes the change, so the
 * entry and the change commit together. For entities AUDIT_SNAPSHOTS reads, auditedChange below does it all; other
 * code (the retention settings) calls this directly with its own before and after.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: new Date(record.at ?? Date.now()).toISOString(),
      org_id: record.orgId,
      actor_id: record.actor.id,
      actor_name: record.actor.name,
      entity_type: record.entityType,
      entity_id: record.entityId,
      action: record.action,
      before_json: jsonOf(maskSecrets(record.before)),
      after_json: jsonOf(maskSecrets(record.after, record.before)),
    })
    .execute();
}

type Resolved<T, V> = V | ((result: T) => V);

export interface AuditSubject<T> {
  entityType: AuditEntityType;
  /** The entity's id; for a create, read from the change's result. Undefined: the change made nothing to record. */
  entityId: Resolved<T, string | undefined>;
  /** Its organization; by default the snapshot's org_id, else the caller's. */
  orgId?: Resolved<T, string>;
  /** By default: create when there was no entity before, delete when there is none after, update otherwise. */
  action?: AuditAction;
  /**
   * False for a change that waits on the network (a mail server's answer): no transaction may be held that long, so
   * it runs on its own and the entry is written right after it.
   */
  transactional?: boolean;
}

function resolve<T, V>(value: Resolved<T, V>, result: T): V {
  return typeof value === 'function' ? (value as (result: T) => V)(result) : value;
}

function actionOf(before: Snapshot | undefined, after: Snapshot | undefined): AuditAction {
  if (before === undefined) return 'create';
  return after === undefined ? 'delete' : 'update';
}

/**
 * Makes `change` in a transaction and records it there: the entity is read before and after, and the entry written
 * only when it differs (a refused or empty change records nothing). `change` must write through the transaction it is
 * given only: on SQLite another query through the shared connection would wait for the transaction forever.
 * Example: `await auditedChange(services.db, c, { entityType: 'group', entityId: row.id }, (trx) => updateGroup(trx, row, body))`.
 */
export async function auditedChange<T>(db: Db, c: Context<AppEnv>, subject: AuditSubject<T>, change: (trx: Db) => Promise<T>): Promise<T> {
  return auditedChangeBy(db, { actor: auditActorOf(c), orgId: currentUser(c).row.org_id }, subject, change);
}

/**
 * auditedChange for a change no signed-in request makes (a provider's OAuth callback): `by` names the actor, and the
 * organization an entity without its own org_id belongs to.
 */
export async function auditedChangeBy<T>(db: Db, by: { actor: AuditActorRef; orgId: string }, subject: AuditSubject<T>, change: (trx: Db) => Promise<T>): Promise<T> {
  const { actor } = by;
  const load = AUDIT_SNAPSHOTS[subject.entityType];
  const run = subject.transactional === false ? (work: (trx: Db) => Promise<T>) => work(db) : (work: (trx: Db) => Promise<T>) => inTransaction(db, work);
  return run(async (trx) => {
    const knownId = typeof subject.entityId === 'string' ? subject.entityId : undefined;
    const before = knownId === undefined ? undefined : await load(trx, knownId);
    const result = await change(trx);
    const entityId = resolve(subject.entityId, result);
    if (entityId === undefined) return result;
    const after = await load(trx, entityId);
    if (JSON.stringify(before) === JSON.stringify(after)) return result;
    const ownOrg = (after ?? before)?.org_id;
    const orgId = subject.orgId === undefined ? (typeof ownOrg === 'string' ? ownOrg : by.orgId) : resolve(subject.orgId, result);
    await recordAudit(trx, { actor, orgId, entityType: subject.entityType, entityId, action: subject.action ?? actionOf(before, after), before, after });
    return result;
  });
}
