import type { Db } from '../db/database';
import { lockedRowsSkipping } from '../db/dialect';
import { composeMail, type OutgoingMail } from './compose';
import { mailPayloadSchema } from './payload';
import { emailAddressesIn } from '../../shared/schedule/notify-emails';
import { log } from '../logs/logger';

/**
 * Sends one mail for the organization, or throws why it could not. The server's sender goes through the
 * organization's active SMTP configuration (smtpSender.ts); tests may pass their own.
 */
export type MailSender = (orgId: string, mail: OutgoingMail) => Promise<void>;

/** What the sender throws when the organization has no active SMTP configuration: the mail waits and is tried again. */
export class NoActiveSmtpConfiguration extends Error {
  constructor() {
    super('No active SMTP configuration in this organization: the mail waits in the outbox and is tried again');
  }
}

export interface MailWorkerOptions {
  db: Db;
  sender: MailSender;
  /** The app's address as users reach it: report links start with it. */
  publicUrl: string;
  /** This worker's name in claimed_by (the replica's name). */
  workerId: string;
  /** How often the outbox is read for due mails. */
  pollMs?: number;
  /** The first retry's delay; each further one doubles, up to MAIL_RETRY_MAX_MS. */
  retryBaseMs?: number;
}

export const MAIL_POLL_MS = 2_000;
export const MAIL_RETRY_BASE_MS = 30_000;
export const MAIL_RETRY_MAX_MS = 60 * 60_000;
/** A mail waiting for its organization's SMTP configuration is tried again at least this often. */
export const NO_SMTP_RECHECK_MS = 60_000;
/** A claim lasts this long: a worker that died while sending leaves the mail to another after it. */
export const MAIL_CLAIM_MS = 2 * 60_000;
/** Mails claimed by one pass. */
const MAIL_BATCH = 20;
/** Sent mails are deleted this long after they were sent (docs/decisions.md, Run notifications). */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** Exponential backoff with jitter: between half and all of base * 2^(attempts - 1), capped. */
export function retryDelay(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAIL_RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

interface ClaimedMail {
  id: string;
  org_id: string;
  recipients: string;
  payload: string;
  attempts: number;
}

/**
 * Claims due mails for `workerId`: unsent, due, and not claimed by a live claim. Replicas on PostgreSQL read with
 * FOR UPDATE SKIP LOCKED, so two never take the same row; the conditional update makes the claim hold on SQLite too.
 */
export async function claimDueMails(db: Db, workerId: string, now: number, limit = MAIL_BATCH): Promise<ClaimedMail[]> {
  return db.transaction().execute(async (trx) => {
    const due = await lockedRowsSkipping(
      trx,
      trx
        .selectFrom('mail_outbox')
        .select(['id', 'org_id', 'recipients', 'payload', 'attempts'])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit),
    ).execute();
    const claimed: ClaimedMail[] = [];
    for (const mail of due) {
      const taken = await trx
        .updateTable('mail_outbox')
        .set({ claimed_by: workerId, claimed_until: now + MAIL_CLAIM_MS })
        .where('id', '=', mail.id)
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .executeTakeFirst();
      if (taken.numUpdatedRows === 1n) claimed.push(mail);
    }
    return claimed;
  });
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

export interface MailWorker {
  /** One pass: claims the due mails and tries each once. Answers how many were sent. */
  drain(): Promise<number>;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/** Sends the outbox's mails in the background, apart from the scheduler's tick, so a slow mail server delays no run. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, sender, publicUrl, workerId } = options;
  const pollMs = options.pollMs ?? MAIL_POLL_MS;
  const retryBaseMs = options.retryBaseMs ?? MAIL_RETRY_BASE_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let nextPrune = 0;

  async function sendOne(mail: ClaimedMail): Promise<boolean> {
    const mine = (qb: ReturnType<typeof update>) => qb.where('id', '=', mail.id).where('claimed_by', '=', workerId);
    const update = () => db.updateTable('mail_outbox');
    // A batch is sent one mail at a time, each up to the sender's timeout, so a claim taken with the batch could lapse
    // before its turn and another replica could send it too. The claim is renewed right before sending; a mail
    // another worker took in the meantime is left to it.
    const renewed = await mine(update().set({ claimed_until: Date.now() + MAIL_CLAIM_MS }).where('sent_at', 'is', null)).executeTakeFirst();
    if (renewed.numUpdatedRows !== 1n) return false;
    try {
      const payload = mailPayloadSchema.parse(JSON.parse(mail.payload));
      await sender(mail.org_id, composeMail(payload, emailAddressesIn(mail.recipients), publicUrl));
      const at = Date.now();
      await mine(update().set({ sent_at: at, attempts: mail.attempts + 1, claimed_until: null, last_error: null })).execute();
      if (payload.kind === 'WAIT_IN_QUEUE') {
        // The firing's notification note, shown in its history, says when the mail went out.
        await db
          .updateTable('schedule_notes')
          .set({ delivered_at: at })
          .where('execution_id', '=', payload.executionId)
          .where('kind', '=', 'NOTIFICATION')
          .where('delivered_at', 'is', null)
          .execute();
      }
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      // Waiting for a configuration costs one read: such mails go within a minute of SMTP being set up.
      const delay = retryDelay(attempts, retryBaseMs);
      const next = Date.now() + (error instanceof NoActiveSmtpConfiguration ? Math.min(delay, NO_SMTP_RECHECK_MS) : delay);
      await mine(update().set({ attempts, next_attempt_at: next, claimed_until: null, last_error: firstLine(error).slice(0, 1000) })).execute();
      return false;
    }
  }

  async function pass(): Promise<number> {
    const now = Date.now();
    if (now >= nextPrune) {
      nextPrune = now + PRUNE_EVERY_MS;
      await db.deleteFrom('mail_outbox').where('sent_at', '<', now - SENT_MAIL_KEPT_MS).execute();
    }
    let sent = 0;
    for (const mail of await claimDueMails(db, workerId, now)) if (await sendOne(mail)) sent += 1;
    return sent;
  }

  function drain(): Promise<number> {
    // One pass at a time: a poll during a manual drain waits for it rather than claiming beside it.
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch((error: unknown) => log().error({ err: error }, 'Mail outbox pass failed'))
        .finally(schedule);
    }, pollMs);
  }
  schedule();

  return {
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
