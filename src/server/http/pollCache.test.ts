import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createPollCache } from './pollCache';

/** A tiny app answering GET /status through the cache, counting the answers it built. */
function cachedApp(options: { generation: { value: number }; clock: { now: number } }) {
  const cache = createPollCache({ writeGeneration: () => options.generation.value, ttlMs: 1_000, now: () => options.clock.now });
  let builds = 0;
  const app = new Hono();
  app.get('/status', (c) =>
    cache.json(c, c.req.header('x-caller') ?? 'nobody', async () => {
      builds += 1;
      return { build: builds, caller: c.req.header('x-caller') };
    }),
  );
  const get = async (caller: string, path = '/status') => {
    const response = await app.request(path, { headers: { 'x-caller': caller } });
    return { body: (await response.json()) as { build: number; caller: string }, etag: response.headers.get('etag') };
  };
  return { get, builds: () => builds };
}

describe('the poll cache', () => {
  it('serves an answer again while nothing was written and it is young, with the ETag of its body', async () => {
    const generation = { value: 1 };
    const clock = { now: 1_000 };
    const app = cachedApp({ generation, clock });
    const first = await app.get('ada');
    clock.now += 999;
    const again = await app.get('ada');
    expect(again).toEqual(first);
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    expect(app.builds()).toBe(1);
  });

  it('builds anew after a write, after its time to live, and for another caller or query', async () => {
    const generation = { value: 1 };
    const clock = { now: 1_000 };
    const app = cachedApp({ generation, clock });
    await app.get('ada');
    generation.value += 1;
    expect((await app.get('ada')).body.build).toBe(2);
    clock.now += 1_000;
    expect((await app.get('ada')).body.build).toBe(3);
    expect((await app.get('bob')).body).toEqual({ build: 4, caller: 'bob' });
    expect((await app.get('ada', '/status?page=2')).body.build).toBe(5);
    expect(app.builds()).toBe(5);
  });
});
