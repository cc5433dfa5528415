import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { healthCheckResponseSchema, healthStatusResponseSchema, type HealthItem } from '../../../shared/contracts/health';
import { startTestServer, type TestServer } from '../../testing/testServer';

/**
 * The first status that shows the scheduler ticking (the pool and database are known from the start). That same answer
 * is returned, not a second one: the scheduler reads healthy only within three 50 ms ticks of its last one, which a
 * busy machine can let pass between two requests.
 */
async function statusOnceTicked(t: TestServer): Promise<Record<string, boolean>> {
  return vi.waitFor(
    async () => {
      const current = await status(t);
      expect(current.Scheduler).toBe(true);
      return current;
    },
    { timeout: 20_000, interval: 20 },
  );
}

async function status(t: TestServer): Promise<Record<string, boolean>> {
  const response = await t.request('/api/health/status', { token: await t.tokenFor(t.admin) });
  expect(response.status).toBe(200);
  const items: HealthItem[] = healthStatusResponseSchema.parse(await response.json()).data;
  return Object.fromEntries(items.map((item) => [item.name, item.data[0]?.testSuccess ?? false]));
}

describe('health', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it('reports every service healthy on a working server', async () => {
    t = await startTestServer();
    expect(await statusOnceTicked(t)).toEqual({ Database: true, Scheduler: true, 'Resource Pool': true });
    const check = await t.request('/api/healthCheck');
    expect(check.status).toBe(200);
    expect(healthCheckResponseSchema.parse(await check.json()).status).toBe('UP');
  });

  it('reports the resource pool down when Chromium is missing', async () => {
    t = await startTestServer({ chromiumPath: '/nonexistent/chromium' });
    expect(await statusOnceTicked(t)).toEqual({ Database: true, Scheduler: true, 'Resource Pool': false });
  });

  it('reports the resource pool down when no browser resource is registered', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    expect((await statusOnceTicked(t))['Resource Pool']).toBe(false);
  });

  it('reports the database down when it refuses writes', async () => {
    t = await startTestServer();
    const token = await t.tokenFor(t.admin);
    await t.server.services.database.refuseWrites(true);
    const response = await t.request('/api/health/status', { token });
    const items = healthStatusResponseSchema.parse(await response.json()).data;
    expect(items.find((item) => item.name === 'Database')?.data[0]?.testSuccess).toBe(false);
    await t.server.services.database.refuseWrites(false);
  });

  it('reports the scheduler down when its ticks stop', async () => {
    t = await startTestServer();
    await statusOnceTicked(t);
    await t.server.services.scheduler.stop();
    await vi.waitFor(async () => expect((await status(t)).Scheduler).toBe(false), { timeout: 20_000, interval: 20 });
  });

  it('answers DOWN (503) from the health check when the database is gone', async () => {
    t = await startTestServer();
    await t.server.services.database.close();
    const response = await t.request('/api/healthCheck');
    expect(response.status).toBe(503);
    expect(healthCheckResponseSchema.parse(await response.json()).status).toBe('DOWN');
  });

  it('registers the browser pool idempotently across restarts', async () => {
    t = await startTestServer({ browserPoolSize: 3 });
    const rows = () => t.server.services.db.selectFrom('resources').selectAll().orderBy('device_id').execute();
    const before = await rows();
    // plugged_in is left out: the stand-in executable is no browser, so the first launch unplugs the pool.
    expect(before.map((r) => [r.device_name, r.cmd_device_type, r.device_in_use])).toEqual([
      ['Browser 1', 'BROWSER', 0],
      ['Browser 2', 'BROWSER', 0],
      ['Browser 3', 'BROWSER', 0],
    ]);
    const { registerBrowserPool } = await import('../../resources/browserPool');
    await t.server.services.db
      .updateTable('resources')
      .set({ device_in_use: 1, device_display_name: 'Renamed' })
      .where('device_id', '=', 'browser-1')
      .execute();
    await registerBrowserPool(t.server.services.db, 2, join(t.dataDir, 'missing-chromium'));
    const after = await rows();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after.map((r) => [r.device_display_name, r.plugged_in, r.device_in_use])).toEqual([
      ['Renamed', 0, 0],
      ['Browser 2', 0, 0],
      ['Browser 3', 0, 0],
    ]);
  });
});
