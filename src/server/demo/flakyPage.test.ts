import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { FLAKY_PAGE_FAILURE_RATE, FLAKY_PAGE_PATH, FLAKY_PAGE_SEEDS_KEPT, flakyPageAnswers, flakyPagePath } from './flakyPage';

const SAMPLE = 40;

describe('the demo app page that fails at random, seeded', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t.close());

  /** What `count` requests of the page with `seed` found: true where it was ready. */
  async function requestPage(seed: number, count: number): Promise<boolean[]> {
    const answers: boolean[] = [];
    for (let request = 0; request < count; request += 1) answers.push((await t.request(flakyPagePath(seed))).status === 200);
    return answers;
  }

  const expectedAnswers = (seed: number, count: number): boolean[] => {
    const isReady = flakyPageAnswers(seed);
    return Array.from({ length: count }, () => isReady());
  };

  it('replays a seed: the same seed gives the same sequence of passes and failures, about half of them failures', () => {
    const first = expectedAnswers(7, SAMPLE);
    expect(expectedAnswers(7, SAMPLE)).toEqual(first);
    expect(expectedAnswers(8, SAMPLE)).not.toEqual(first);
    const failures = first.filter((isReady) => !isReady).length;
    // Of 40 draws at a rate of 1/2, fewer than 10 or more than 30 failures would be a broken generator, not chance.
    expect(FLAKY_PAGE_FAILURE_RATE).toBe(0.5);
    expect(failures).toBeGreaterThan(10);
    expect(failures).toBeLessThan(30);
  });

  it('answers each request with the next of its seed’s sequence, seeds apart from each other', async () => {
    const seedA = 1001;
    const seedB = 1002;
    const interleaved: { a: boolean[]; b: boolean[] } = { a: [], b: [] };
    for (let request = 0; request < SAMPLE / 2; request += 1) {
      interleaved.a.push(...(await requestPage(seedA, 1)));
      interleaved.b.push(...(await requestPage(seedB, 2)));
    }
    expect(interleaved.a).toEqual(expectedAnswers(seedA, SAMPLE / 2));
    expect(interleaved.b).toEqual(expectedAnswers(seedB, SAMPLE));
  });

  it('shows Ready when it is ready, and a readable error with HTTP 503 when it fails, never cached', async () => {
    const seed = 1003;
    const answers = expectedAnswers(seed, SAMPLE);
    const firstReady = answers.indexOf(true);
    const firstFailure = answers.indexOf(false);
    const pages = [];
    for (let request = 0; request <= Math.max(firstReady, firstFailure); request += 1) pages.push(await t.request(flakyPagePath(seed)));

    const ready = pages[firstReady];
    expect(ready?.status).toBe(200);
    expect(ready?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(ready?.headers.get('cache-control')).toBe('no-store');
    const readyText = (await ready?.text()) ?? '';
    expect(readyText).toContain('<h1>Ready</h1>');
    expect(readyText).toContain(`Request ${firstReady + 1} with seed ${seed}.`);
    expect(readyText).toContain('<link rel="stylesheet" href="demo.css" />');

    const failed = pages[firstFailure];
    expect(failed?.status).toBe(503);
    expect(failed?.headers.get('cache-control')).toBe('no-store');
    const failedText = (await failed?.text()) ?? '';
    expect(failedText).toContain('<h1>Service unavailable</h1>');
    expect(failedText).toContain(`<p id="error" role="alert">Request ${firstFailure + 1} with seed ${seed}. The page failed this request on purpose: reload to try again.</p>`);
  });

  it('refuses a missing or malformed seed with a page that says what to give', async () => {
    for (const query of ['', '?seed=', '?seed=abc', '?seed=-1', '?seed=1.5', '?seed=4294967296', '?seed=12345678901']) {
      const response = await t.request(`${FLAKY_PAGE_PATH}${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text(), query).toContain('Open this page as flaky?seed=N, N a whole number from 0 to 4294967295.');
    }
    expect((await t.request(flakyPagePath(4294967295))).status).not.toBe(400);
  });

  it(`keeps the sequences of ${FLAKY_PAGE_SEEDS_KEPT} seeds: a seed dropped for newer ones starts over`, async () => {
    const seed = 2000;
    expect(await requestPage(seed, 3)).toEqual(expectedAnswers(seed, 3));
    for (let other = 1; other < FLAKY_PAGE_SEEDS_KEPT; other += 1) await requestPage(seed + other, 1);
    // Still kept: the sequence goes on.
    expect(await requestPage(seed, 1)).toEqual(expectedAnswers(seed, 4).slice(3));
    await requestPage(seed + FLAKY_PAGE_SEEDS_KEPT, 1);
    expect(await requestPage(seed, 4)).toEqual(expectedAnswers(seed, 4));
  });
});
