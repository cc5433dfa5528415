import { randomUUID } from 'node:crypto';
import { runProgressSchema } from '../../shared/contracts/runs';
import { sql } from 'kysely';
import { emailAddressesIn } from '../../shared/schedule/notify-emails';
import { jsonTextField } from '../db/dialect';
import type { Db } from '../db/database';
import type { MailPayload, RunSummary } from './payload';
import { quarantinedFailuresOf } from '../quarantine/repository';

/** A mail lists this many failed steps of a run; the rest are counted. */
export const MAX_LISTED_FAILURES = 50;


/**
 * Queues one mail in the caller's transaction. Nothing is queued without recipients; a second mail for the same
 * `dedupeKey` is ignored, so an event replayed (a retried transaction, two replicas racing) mails once.
 */
export async function queueMail(trx: Db, mail: { orgId: string; dedupeKey: string; recipients: string; payload: MailPayload; now?: number }): Promise<boolean> {
  const recipients = emailAddressesIn(mail.recipients);
  if (recipients.length === 0) return false;
  const at = mail.now ?? Date.now();
  // Due by the wall clock the workers read, whatever clock the caller's event carries (tests tick schedules ahead).
  const due = Math.min(at, Date.now());
  const inserted = await trx
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      org_id: mail.orgId,
      kind: mail.payload.kind,
      dedupe_key: mail.dedupeKey,
      recipients: recipients.join(', '),
      payload: JSON.stringify(mail.payload),
      created_at: at,
      attempts: 0,
      next_attempt_at: due,
      claimed_by: null,
      claimed_until: null,
      sent_at: null,
      last_error: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

const durationBetween = (from: string | null, to: string | null): number | null =>
  from === null || to === null ? null : Math.max(0, Date.parse(to) - Date.parse(from));

/** The summary of a run as it is now, with its failed steps (flow and step names). */
export async function runSummaryOf(db: Db, statusId: string): Promise<RunSummary | undefined> {
  const run = await db
    .selectFrom('runs')
    .select(['status_id', 'test_suite_name', 'state', 'progress', 'time_started', 'time_completed'])
    .where('status_id', '=', statusId)
    .executeTakeFirst();
  if (!run) return undefined;
  const progress = runProgressSchema.parse(JSON.parse(run.progress));
  const allFailed = await db
    .selectFrom('step_results')
    .select(['flow_id', 'flow_name', 'step_name', 'error_detail'])
    .where('status_id', '=', statusId)
    .where('result', '=', 'FAILED')
    // A failure a retry made good is not the run's failure: its flow's last attempt counts.
    .where('superseded', '=', 0)
    .orderBy('id')
    .execute();
  // Failures of flows in quarantine are not the run's failures (issue 29): named apart, not listed or counted.
  const quarantined = await quarantinedFailuresOf(db, statusId);
  const quarantinedIds = new Set(quarantined.map((flow) => flow.flowId));
  const failed = allFailed.filter((step) => !quarantinedIds.has(step.flow_id));
  return {
    statusId: run.status_id,
    collectionName: run.test_suite_name,
    state: run.state,
    passedSteps: progress.passedSteps,
    failedSteps: Math.max(0, progress.failedSteps - (allFailed.length - failed.length)),
    skippedSteps: progress.skippedSteps,
    passedFlows: progress.passedCases,
    failedFlows: Math.max(0, progress.failedCases - quarantined.length),
    quarantinedFailedFlows: quarantined.map((flow) => flow.flowName),
    durationMs: durationBetween(run.time_started, run.time_completed),
    failures: failed.slice(0, MAX_LISTED_FAILURES).map((step) => ({ flow: step.flow_name, step: step.step_name, error: step.error_detail.split('\n')[0] ?? '' })),
    moreFailures: Math.max(0, failed.length - MAX_LISTED_FAILURES),
  };
}

/** The mail of a run that just ended, to its collection's suiteNotifyEmails; in the transaction that ended it. */
export async function queueRunFinishedMail(trx: Db, statusId: string): Promise<void> {
  // Only the notify list is read out of the run's collection snapshot, which is not parsed on every run's end.
  const run = await trx
    .selectFrom('runs')
    .select(['org_id', jsonTextField(trx, sql.ref('collection'), 'suiteNotifyEmails').as('notify_list')])
    .where('status_id', '=', statusId)
    .executeTakeFirst();
  const notifyList = run?.notify_list ?? '';
  // Most collections notify nobody: their runs end without reading their step results again.
  if (run === undefined || emailAddressesIn(notifyList).length === 0) return;
  const summary = await runSummaryOf(trx, statusId);
  if (summary) await queueMail(trx, { orgId: run.org_id, dedupeKey: `run:${statusId}`, recipients: notifyList, payload: { kind: 'RUN_FINISHED', run: summary } });
}

/** The mail of a firing that just ended, to the schedule's scheduleNotifyEmails; in the transaction that settled it. */
export async function queueFiringFinishedMail(
  trx: Db,
  execution: { id: string; org_id: string; schedule_name: string; triggered_at: number },
  status: string,
  recipients: string,
  now: number,
): Promise<void> {
  if (emailAddressesIn(recipients).length === 0) return;
  const items = await trx
    .selectFrom('schedule_execution_items')
    .select(['test_suite_name', 'status_id'])
    .where('execution_id', '=', execution.id)
    .orderBy('position')
    .execute();
  const runs: RunSummary[] = [];
  const skipped: string[] = [];
  for (const item of items) {
    const run = item.status_id === null ? undefined : await runSummaryOf(trx, item.status_id);
    if (run) runs.push(run);
    else skipped.push(item.test_suite_name);
  }
  await queueMail(trx, {
    orgId: execution.org_id,
    dedupeKey: `firing:${execution.id}`,
    recipients,
    now,
    payload: {
      kind: 'FIRING_FINISHED',
      scheduleName: execution.schedule_name,
      executionId: execution.id,
      status,
      durationMs: Math.max(0, now - execution.triggered_at),
      runs,
      skipped,
    },
  });
}

/** The one wait-in-queue mail of a firing; in the transaction that records its notification note. */
export async function queueWaitInQueueMail(
  trx: Db,
  execution: { id: string; org_id: string; schedule_name: string },
  collectionName: string,
  minutes: number,
  recipients: string,
  now: number,
): Promise<void> {
  await queueMail(trx, {
    orgId: execution.org_id,
    dedupeKey: `wait:${execution.id}`,
    recipients,
    now,
    payload: { kind: 'WAIT_IN_QUEUE', scheduleName: execution.schedule_name, executionId: execution.id, collectionName, minutes },
  });
}
