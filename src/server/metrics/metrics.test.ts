import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleResponseSchema } from '../../shared/contracts/schedules';
import { endpoints } from '../../shared/endpoints';
import { scheduleTick } from '../schedules/scheduleFiring';
import { fixedWaitBrowserWork } from '../testing/fixedWaitBrowserWork';
import { browserCollection, dailySchedule, saveCollection, trigger, waitForRun } from '../testing/runFixtures';
import { testDialect } from '../testing/testDatabase';
import { startTestServer, type TestServer } from '../testing/testServer';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one series of the exposition, by its name and labels exactly as written; undefined when absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`GET /metrics (${testDialect})`, () => {
  describe('without METRICS_TOKEN', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ browserPoolSize: 0 });
    });
    afterAll(async () => t.close());

    it('does not exist', async () => {
      const response = await t.request(endpoints.metrics, { headers: { authorization: 'Bearer anything' } });
      expect(response.status).toBe(404);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestServer;
    let token: string;
    const scrape = async () => {
      const response = await t.request(endpoints.metrics, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      return response.text();
    };

    beforeAll(async () => {
      t = await startTestServer({ metricsToken: METRICS_TOKEN, browserPoolSize: 2, browserWork: fixedWaitBrowserWork(0) });
      token = await t.tokenFor(t.admin);
    });
    afterAll(async () => t.close());

    it('answers 401 to a missing, malformed or wrong token, and 200 in the Prometheus text format to the right one', async () => {
      for (const authorization of [undefined, METRICS_TOKEN, `Basic ${METRICS_TOKEN}`, 'Bearer wrong', `Bearer ${METRICS_TOKEN.slice(0, -1)}x`, `Bearer ${METRICS_TOKEN}x`]) {
        const response = await t.request(endpoints.metrics, { headers: authorization === undefined ? {} : { authorization } });
        expect(response.status, authorization).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(await response.text()).not.toContain('studio_');
      }
      // A user's session token is no metrics token.
      expect((await t.request(endpoints.metrics, { token })).status).toBe(401);

      const response = await t.request(endpoints.metrics, { headers: { authorization: `bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await response.text();
      expect(text).toContain('# TYPE studio_http_request_duration_seconds histogram');
      // The process's own metrics, once.
      expect(text.match(/^# TYPE studio_process_resident_memory_bytes gauge$/gm)).toHaveLength(1);
    });

    it('counts requests and their times by route pattern, not by raw path', async () => {
      const before = await scrape();
      const userSeries = (suffix: string) => `studio_http_request${suffix}{method="GET",route="/api/users/:id",status="200"}`;
      const countBefore = seriesValue(before, userSeries('s_total')) ?? 0;
      for (let i = 0; i < 3; i++) expect((await t.request(`/api/users/${t.admin.id}`, { token })).status).toBe(200);
      expect((await t.request(`/api/users/${randomUUID()}`, { token })).status).toBe(404);
      expect((await t.request(`/api/no-such-endpoint/${randomUUID()}`)).status).toBe(404);

      const text = await scrape();
      expect(seriesValue(text, userSeries('s_total'))).toBe(countBefore + 3);
      expect(seriesValue(text, userSeries('_duration_seconds_count'))).toBe(countBefore + 3);
      expect(seriesValue(text, `studio_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/users/:id",status="200"}`)).toBe(countBefore + 3);
      expect(seriesValue(text, 'studio_http_requests_total{method="GET",route="/api/users/:id",status="404"}')).toBe(1);
      expect(seriesValue(text, 'studio_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
      // No raw path with its id became a label.
      expect(text).not.toContain(t.admin.id);
      // The scrapes themselves are requests too.
      expect(seriesValue(text, 'studio_http_requests_total{method="GET",route="/metrics",status="200"}')).toBeGreaterThanOrEqual(1);
    });

    it('reads runs by state, the queue, resources and the mail outbox from the database at scrape time', async () => {
      const before = await scrape();
      expect(seriesValue(before, 'studio_run_queue_length')).toBe(0);
      expect(seriesValue(before, 'studio_runs{state="QUEUED"}')).toBe(0);
      const passedBefore = seriesValue(before, 'studio_runs{state="PASSED"}') ?? 0;
      expect(seriesValue(before, 'studio_resources{type="BROWSER",status="available"}')).toBe(2);
      expect(seriesValue(before, 'studio_mail_outbox_length')).toBe(0);

      const collectionId = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }));
      const statusId = await trigger(t, token, collectionId);
      expect((await waitForRun(t, token, statusId)).testStatus).toBe('PASSED');

      // Mails waiting far in the future, so the mail worker leaves them: one new, one failed twice, one sent.
      const { db } = t.server.services;
      const later = Date.now() + 24 * 3_600_000;
      const orgId = (await db.selectFrom('users').select('org_id').where('id', '=', t.admin.id).executeTakeFirstOrThrow()).org_id;
      const mail = (attempts: number, sentAt: number | null) => ({
        id: randomUUID(), org_id: orgId, kind: 'RUN_FINISHED', dedupe_key: `metrics:${randomUUID()}`, recipients: 'ops@example.test', payload: '{}',
        created_at: Date.now(), attempts, next_attempt_at: later, claimed_by: null, claimed_until: null, sent_at: sentAt, last_error: null,
      });
      await db.insertInto('mail_outbox').values([mail(0, null), mail(2, null), mail(1, Date.now())]).execute();

      const text = await scrape();
      expect(seriesValue(text, 'studio_runs{state="PASSED"}')).toBe(passedBefore + 1);
      expect(seriesValue(text, 'studio_runs{state="RUNNING"}')).toBe(0);
      expect(seriesValue(text, 'studio_run_queue_length')).toBe(0);
      expect(seriesValue(text, 'studio_resources{type="BROWSER",status="available"}')).toBe(2);
      expect(seriesValue(text, 'studio_mail_outbox_length')).toBe(2);
      expect(seriesValue(text, 'studio_mail_outbox_retrying')).toBe(1);
    });

    it("measures a schedule's lag from its planned time to its firing", async () => {
      const collectionId = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }));
      const saved = await t.request(endpoints.schedules.save, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(dailySchedule([collectionId])) });
      const schedule = scheduleResponseSchema.parse(await saved.json()).data;
      const { services } = t.server;
      // The tick comes 1.5 s after the planned instant (the scheduler's clock, given): at least 1.5 s of lag.
      await scheduleTick(services.db, services.runs, schedule.startTime + 1_500, services.metrics);

      const text = await scrape();
      expect(seriesValue(text, 'studio_schedule_lag_seconds_count')).toBe(1);
      expect(seriesValue(text, 'studio_schedule_lag_seconds_bucket{le="1"}')).toBe(0);
      expect(seriesValue(text, 'studio_schedule_lag_seconds_bucket{le="3600"}')).toBe(1);
      expect(seriesValue(text, 'studio_schedule_lag_seconds_sum')).toBeGreaterThanOrEqual(1.5);
    });
  });
});
