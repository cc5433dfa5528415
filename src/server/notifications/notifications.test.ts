import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../shared/contracts/collections';
import { saveScheduleSchema } from '../../shared/contracts/schedules';
import { createApp, type StudioApp } from '../app';
import { insertCollection } from '../collections/repository';
import { openDatabase } from '../db/database';
import { finishRun } from '../runs/repository';
import { saveScheduleRow } from '../schedules/repository';
import { advanceExecutions } from '../schedules/firing';
import { runScheduleNow } from '../schedules/scheduleFiring';
import { browserCollection, CHROMIUM, dailySchedule, startPageServer, type PageServer } from '../testing/runFixtures';
import { fixedWaitBrowserWork } from '../testing/fixedWaitBrowserWork';
import { testDatabaseTarget, migratedTestDatabaseUrl, testDialect } from '../testing/testDatabase';
import { fakeExecutable, startTestServer, type TestServer } from '../testing/testServer';
import { findUserByUserId } from '../users/repository';
import { readServerOptions } from '../options';
import { composeMail } from './compose';
import { queueMail } from './outbox';
import { smtpMailSender } from './smtpSender';
import { startSmtpServer, type LoopbackSmtpServer } from '../../../tests/support/mail-servers';
import { saveActiveSmtp, SMTP_ACCOUNT } from './testing/smtpConfiguration';
import { MAIL_RETRY_MAX_MS, retryDelay, startMailWorker, type MailWorker } from './worker';

const PUBLIC_URL = 'https://studio.example.test';
const MINUTE = 60_000;

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function smtp(port?: number): Promise<LoopbackSmtpServer> {
  const server = await startSmtpServer(SMTP_ACCOUNT, { port });
  closers.push(() => server.close());
  return server;
}

async function server(options: Parameters<typeof startTestServer>[0]): Promise<{ t: TestServer; orgId: string }> {
  const t = await startTestServer({ publicUrl: PUBLIC_URL, mailPollMs: 50, mailRetryBaseMs: 200, ...options });
  closers.push(() => t.close());
  const admin = await findUserByUserId(t.server.services.db, t.admin.email);
  return { t, orgId: admin?.org_id ?? '' };
}

async function outboxRows(t: TestServer) {
  return t.server.services.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not done after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 50));
  }
}

const runState = (t: TestServer, statusId: string) =>
  t.server.services.db.selectFrom('runs').select(['state', 'time_completed']).where('status_id', '=', statusId).executeTakeFirstOrThrow();

describe('run notifications through the organization SMTP configuration', () => {
  let pages: PageServer;

  it('mails a failed run to its collection notify list with the summary, the failed steps and the report link', async () => {
    const mailServer = await smtp();
    pages = await startPageServer();
    closers.push(() => pages.close());
    const { t, orgId } = await server({ chromiumPath: CHROMIUM, browserPoolSize: 1 });
    await saveActiveSmtp(t.server.services.db, orgId, mailServer.port);
    const document = collectionSchema.parse({
      ...browserCollection({
        flows: [
          {
            testCaseId: 'Login',
            steps: [
              { stepId: 'l1', stepName: 'Open form', action: 'open', value: `${pages.origin}/form` },
              { stepId: 'l2', stepName: 'Title is Home', action: 'assertTitle', value: 'Home Page', timeoutMs: 2_000 },
            ],
          },
        ],
      }),
      suiteNotifyEmails: 'qa@example.test; lead@example.test',
    });
    const collection = await insertCollection(t.server.services.db, document, { orgId, userId: t.admin.email });
    const run = await t.server.services.runs.enqueue(collection, { orgId, userId: t.admin.email });

    const [mail] = await mailServer.waitFor(1, 60_000);
    expect((await runState(t, run.status_id)).state).toBe('FAILED');
    expect(mail?.envelopeTo.sort()).toEqual(['lead@example.test', 'qa@example.test']);
    expect(mail?.from?.text).toBe('studio@example.test');
    expect(mail?.subject).toBe(`${collection.testSuiteName}: FAILED (1 passed, 1 failed)`);
    const text = mail?.text ?? '';
    expect(text).toContain('Result: FAILED');
    expect(text).toContain('Passed: 1 step(s), 0 flow(s)');
    expect(text).toContain('Failed: 1 step(s), 1 flow(s)');
    expect(text).toMatch(/Duration: \d+ s/);
    expect(text).toMatch(/- Login \/ Title is Home: .+/);
    const link = `${PUBLIC_URL}/studio/?report=${run.status_id}`;
    expect(text).toContain(`Report: ${link}`);
    expect(mail?.html).toContain(`<a href="${link}">Report</a>`);
    // The worker marks the row once the server accepted the mail, a moment after the server has it.
    const [row] = await until(() => outboxRows(t), (rows) => rows[0]?.sent_at !== null);
    expect(row).toMatchObject({ kind: 'RUN_FINISHED', attempts: 1, last_error: null, dedupe_key: `run:${run.status_id}` });
  }, 90_000);

  it('keeps the mail while the mail server is down (port closed) and delivers it once it is up again, without delaying the run', async () => {
    const { t, orgId } = await server({ browserPoolSize: 1, browserWork: fixedWaitBrowserWork(0) });
    // The configuration is saved while its server answers (the email area logs in first); then the server goes down.
    const before = await startSmtpServer(SMTP_ACCOUNT);
    const { port } = before;
    await saveActiveSmtp(t.server.services.db, orgId, port);
    await before.close();
    const document = collectionSchema.parse({
      ...browserCollection({ flows: [{ testCaseId: 'Only', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }),
      suiteNotifyEmails: 'qa@example.test',
    });
    const collection = await insertCollection(t.server.services.db, document, { orgId, userId: t.admin.email });
    const queuedAt = Date.now();
    const run = await t.server.services.runs.enqueue(collection, { orgId, userId: t.admin.email });
    const finished = await until(() => runState(t, run.status_id), (row) => row.state === 'PASSED', 10_000);
    // The run ends as fast as it would without mail: the refused connections happen in the outbox worker.
    expect(Date.parse(finished.time_completed ?? '') - queuedAt).toBeLessThan(3_000);

    const [failed] = await until(
      () => outboxRows(t),
      (rows) => (rows[0]?.attempts ?? 0) >= 2,
    );
    expect(failed).toMatchObject({ sent_at: null, recipients: 'qa@example.test' });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed?.next_attempt_at).toBeGreaterThan(failed?.created_at ?? Infinity);

    const mailServer = await smtp(port);
    const [mail] = await mailServer.waitFor(1, 20_000);
    expect(mail?.subject).toBe(`${collection.testSuiteName}: PASSED (1 passed, 0 failed)`);
    const [sent] = await until(() => outboxRows(t), (rows) => rows[0]?.sent_at !== null);
    expect(sent?.last_error).toBeNull();
    expect(mailServer.received).toHaveLength(1);
  }, 60_000);

  it('keeps a mail with a clear last_error while the organization has no active SMTP configuration, and sends it once one is saved', async () => {
    const { t, orgId } = await server({ browserPoolSize: 0 });
    await t.server.services.db.transaction().execute((trx) =>
      queueMail(trx, { orgId, dedupeKey: 'wait:x', recipients: 'ops@example.test', payload: { kind: 'WAIT_IN_QUEUE', scheduleName: 'S', executionId: 'x', collectionName: 'C', minutes: 1 } }),
    );
    const [row] = await until(() => outboxRows(t), (rows) => (rows[0]?.attempts ?? 0) >= 1);
    expect(row?.sent_at).toBeNull();
    expect(row?.last_error).toBe('No active SMTP configuration in this organization: the mail waits in the outbox and is tried again');
    // Configured later: the waiting mail goes out, not lost.
    const mailServer = await smtp();
    await saveActiveSmtp(t.server.services.db, orgId, mailServer.port);
    const [mail] = await mailServer.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['ops@example.test']);
    expect(mail?.subject).toBe('Schedule S: C is waiting in the queue');
  });
});

describe('schedule firing notifications and the outbox workers', () => {
  let dataDir: string;
  let studio: StudioApp;
  let orgId: string;

  async function open(): Promise<void> {
    dataDir = mkdtempSync(join(tmpdir(), 'studio-notifications-test-'));
    studio = await createApp({ dataDir, databaseUrl: await migratedTestDatabaseUrl(dataDir), adminPassword: 'admin-test-password', chromiumPath: fakeExecutable(dataDir), browserPoolSize: 0 });
    closers.push(async () => {
      await studio.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    orgId = (await findUserByUserId(studio.services.db, 'admin@studio.local'))?.org_id ?? '';
  }

  function worker(workerId: string, db = studio.services.db): MailWorker {
    // A long poll: the test drives the passes.
    const started = startMailWorker({ db, sender: smtpMailSender(db, studio.services.outbound), publicUrl: PUBLIC_URL, workerId, pollMs: 60 * MINUTE });
    closers.push(() => started.stop());
    return started;
  }

  it('mails the wait in the queue once, and the finished firing to scheduleNotifyEmails', async () => {
    await open();
    const mailServer = await smtp();
    await saveActiveSmtp(studio.services.db, orgId, mailServer.port);
    const db = studio.services.db;
    const author = { orgId, userId: 'admin@studio.local' };
    const collection = await insertCollection(
      db,
      collectionSchema.parse({ collectionId: 'new', id: '', testSuiteName: 'Waits', deviceType: 'BROWSER', testCases: [{ testCaseId: 'f', testCaseName: 'f', steps: [{ stepId: 's', stepName: 's', action: 'open', value: 'about:blank' }] }] }),
      author,
    );
    const saved = Date.now();
    const { id: _id, ...definition } = saveScheduleSchema.parse(
      dailySchedule([collection.id], { name: 'Nightly', notifyOnWaitInQueue: true, waitInMinutesBeforeNotify: 2, scheduleNotifyEmails: 'ops@example.test, lead@example.test' }),
    );
    const row = await saveScheduleRow(db, undefined, definition, author, saved);
    if (!row) throw new Error('not saved');
    const executionId = await runScheduleNow(db, studio.services.runs, row, 'admin@studio.local', saved);
    const mailer = worker('replica-a');

    await advanceExecutions(db, saved + MINUTE);
    expect(await mailer.drain()).toBe(0);
    // Ticks past the wait, on and on: the firing still waits (no resource), and its one mail goes once.
    for (const minutes of [3, 4, 5, 10]) {
      await advanceExecutions(db, saved + minutes * MINUTE);
      await mailer.drain();
    }
    expect(mailServer.received).toHaveLength(1);
    const wait = mailServer.received[0];
    expect(wait?.envelopeTo.sort()).toEqual(['lead@example.test', 'ops@example.test']);
    expect(wait?.subject).toBe('Schedule Nightly: Waits is waiting in the queue');
    expect(wait?.text).toContain('Waits has waited more than 2 minute(s) in the queue.');
    const note = await db.selectFrom('schedule_notes').selectAll().where('execution_id', '=', executionId).where('kind', '=', 'NOTIFICATION').executeTakeFirstOrThrow();
    expect(note.delivered_at).not.toBeNull();

    const [item] = await db.selectFrom('schedule_execution_items').select('status_id').where('execution_id', '=', executionId).execute();
    await finishRun(db, item?.status_id ?? '', 'CANCELLED', { cancelledBy: 'admin@studio.local' });
    await advanceExecutions(db, saved + 11 * MINUTE);
    await advanceExecutions(db, saved + 12 * MINUTE);
    expect(await mailer.drain()).toBe(1);
    expect(mailServer.received).toHaveLength(2);
    const finished = mailServer.received[1];
    expect(finished?.subject).toBe('Schedule Nightly: COMPLETED (0 passed, 1 failed)');
    expect(finished?.text).toContain('Result: CANCELLED');
    expect(finished?.text).toContain(`Report: ${PUBLIC_URL}/studio/?report=${item?.status_id ?? ''}`);
    // A run cancelled in the queue never ran: no mail to the collection's (empty) list either way.
    expect(await db.selectFrom('mail_outbox').select('kind').orderBy('created_at').execute()).toEqual([{ kind: 'WAIT_IN_QUEUE' }, { kind: 'FIRING_FINISHED' }]);
  });

  it('two workers on one database send every mail once', async () => {
    await open();
    const mailServer = await smtp();
    await saveActiveSmtp(studio.services.db, orgId, mailServer.port);
    // Replicas share PostgreSQL; SQLite has one server process, so there the two workers share its connection.
    const second = testDialect === 'postgres' ? await openDatabase(await testDatabaseTarget(dataDir)) : undefined;
    if (second) closers.push(() => second.close());
    const count = 12;
    await studio.services.db.transaction().execute(async (trx) => {
      for (let index = 0; index < count; index++) {
        await queueMail(trx, {
          orgId,
          dedupeKey: `wait:${index}`,
          recipients: `ops${index}@example.test`,
          payload: { kind: 'WAIT_IN_QUEUE', scheduleName: 'S', executionId: String(index), collectionName: `C${index}`, minutes: 1 },
        });
      }
      // The same event again: one mail.
      await queueMail(trx, { orgId, dedupeKey: 'wait:0', recipients: 'ops0@example.test', payload: { kind: 'WAIT_IN_QUEUE', scheduleName: 'S', executionId: '0', collectionName: 'C0', minutes: 1 } });
    });
    const a = worker('replica-a');
    const b = worker('replica-b', second?.db);
    // Both pass at once, twice: the second passes find nothing left to claim.
    const first = await Promise.all([a.drain(), b.drain()]);
    const again = await Promise.all([a.drain(), b.drain()]);
    expect(first[0] + first[1]).toBe(count);
    expect(again).toEqual([0, 0]);
    expect(mailServer.received).toHaveLength(count);
    expect(new Set(mailServer.received.map((mail) => mail.envelopeTo[0])).size).toBe(count);
    const claimedBy = await studio.services.db.selectFrom('mail_outbox').select('claimed_by').execute();
    expect(claimedBy.every((row) => row.claimed_by === 'replica-a' || row.claimed_by === 'replica-b')).toBe(true);
  });
});

describe('claims', () => {
  it('leave a mail whose claim lapsed during a slow batch, and that another worker took, to that worker', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-claims-test-'));
    const studio = await createApp({ dataDir, databaseUrl: await migratedTestDatabaseUrl(dataDir), adminPassword: 'admin-test-password', chromiumPath: fakeExecutable(dataDir), browserPoolSize: 0 });
    closers.push(async () => {
      await studio.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const db = studio.services.db;
    const orgId = (await findUserByUserId(db, 'admin@studio.local'))?.org_id ?? '';
    await db.transaction().execute(async (trx) => {
      for (const index of [0, 1, 2]) {
        await queueMail(trx, {
          orgId,
          dedupeKey: `slow:${index}`,
          recipients: `ops${index}@example.test`,
          payload: { kind: 'WAIT_IN_QUEUE', scheduleName: 'S', executionId: String(index), collectionName: `C${index}`, minutes: 1 },
        });
      }
    });
    const sentTo: string[] = [];
    // The first send is slow enough for the batch's other claims to lapse, and replica-b takes them meanwhile.
    const slowSender = async (_orgId: string, mail: { to: string[] }) => {
      sentTo.push(...mail.to);
      if (sentTo.length === 1) {
        await db.updateTable('mail_outbox').set({ claimed_by: 'replica-b' }).where('claimed_by', '=', 'replica-a').where('sent_at', 'is', null).where('recipients', '!=', mail.to[0] ?? '').execute();
      }
    };
    const a = startMailWorker({ db, sender: slowSender, publicUrl: PUBLIC_URL, workerId: 'replica-a', pollMs: 60 * MINUTE });
    closers.push(() => a.stop());
    expect(await a.drain()).toBe(1);
    expect(sentTo).toHaveLength(1);
    expect(await db.selectFrom('mail_outbox').select('claimed_by').where('sent_at', 'is', null).execute()).toEqual([{ claimed_by: 'replica-b' }, { claimed_by: 'replica-b' }]);
  });
});

describe('retry delays', () => {
  it('double from the base with jitter between half and all of the step, capped', () => {
    expect(retryDelay(1, 1000, () => 0)).toBe(500);
    expect(retryDelay(1, 1000, () => 1)).toBe(1000);
    expect(retryDelay(3, 1000, () => 0.5)).toBe(3000);
    expect(retryDelay(40, 1000, () => 1)).toBe(MAIL_RETRY_MAX_MS);
  });
});

describe('PUBLIC_URL', () => {
  it('is read from the environment and refused when it is not an http(s) address', () => {
    expect(readServerOptions({ PUBLIC_URL: 'https://studio.example.com/' }).publicUrl).toBe('https://studio.example.com/');
    expect(readServerOptions({}).publicUrl).toBeUndefined();
    expect(() => readServerOptions({ PUBLIC_URL: 'studio.example.com' })).toThrow('PUBLIC_URL must be an http:// or https:// address, got "studio.example.com"');
  });

  it('prefixes report links, with or without its trailing slash, and the HTML part escapes collection names', () => {
    const run = { statusId: 'a b', collectionName: '<Checkout & Pay>', state: 'PASSED' as const, passedSteps: 1, failedSteps: 0, skippedSteps: 0, passedFlows: 1, failedFlows: 0, quarantinedFailedFlows: [], durationMs: 61_000, failures: [], moreFailures: 0 };
    for (const base of ['https://studio.example.com', 'https://studio.example.com/']) {
      const mail = composeMail({ kind: 'RUN_FINISHED', run }, ['qa@example.test'], base);
      expect(mail.text).toContain('Report: https://studio.example.com/studio/?report=a+b');
      expect(mail.text).toContain('Duration: 1 min 1 s');
      expect(mail.html).toContain('<p>Collection: &lt;Checkout &amp; Pay&gt;</p>');
    }
  });
});
