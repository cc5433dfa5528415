import type { Context, Env, Hono } from 'hono';
import { endpoints } from '../../shared/endpoints';
import { seededRandom } from '../runs/executor/flowOrder';

export const FLAKY_PAGE_PATH = `${endpoints.demoApp}flaky`;
/** The flaky page's address (from the server's root) for a seed. */
export const flakyPagePath = (seed: number): string => `${FLAKY_PAGE_PATH}?seed=${seed}`;

/** The share of requests the flaky page fails. */
export const FLAKY_PAGE_FAILURE_RATE = 0.5;
/** The page keeps this many seeds' sequences; a new seed beyond them drops the oldest, which starts over if it comes back. */
export const FLAKY_PAGE_SEEDS_KEPT = 100;
const MAX_SEED = 0xffffffff;

/** Whether each request of a seed's sequence finds the page ready, in order: the same seed answers the same sequence. */
export function flakyPageAnswers(seed: number): () => boolean {
  const random = seededRandom(seed);
  return () => random() >= FLAKY_PAGE_FAILURE_RATE;
}

/** A whole number in 0..2^32-1, else null. */
function seedOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return null;
  const seed = Number(text);
  return seed <= MAX_SEED ? seed : null;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="demo.css" />
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

interface Sequence {
  isReady: () => boolean;
  requests: number;
}

/**
 * The demo app's flaky page, `flaky?seed=N`: each request draws the next answer of the seed's sequence
 * (flakyPageAnswers) and the page is either ready (200, "Ready") or fails (503, "Service unavailable"), so a collection
 * that checks it fails at random, yet the same seed replays the same passes and failures after a restart.
 */
export function registerFlakyPage<E extends Env>(app: Hono<E>): void {
  const sequences = new Map<number, Sequence>();
  const sequenceOf = (seed: number): Sequence => {
    const known = sequences.get(seed);
    if (known) return known;
    const oldest = sequences.keys().next();
    if (sequences.size >= FLAKY_PAGE_SEEDS_KEPT && !oldest.done) sequences.delete(oldest.value);
    const created = { isReady: flakyPageAnswers(seed), requests: 0 };
    sequences.set(seed, created);
    return created;
  };
  const html = (c: Context<E>, status: 200 | 400 | 503, title: string, body: string) =>
    c.body(page(title, body), status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });

  app.get(FLAKY_PAGE_PATH, (c) => {
    const seed = seedOf(c.req.query('seed'));
    if (seed === null) {
      return html(c, 400, 'Demo flaky page - no seed', '      <h1>No seed</h1>\n      <p id="error" role="alert">Open this page as flaky?seed=N, N a whole number from 0 to 4294967295.</p>');
    }
    const sequence = sequenceOf(seed);
    sequence.requests += 1;
    const which = `Request ${sequence.requests} with seed ${seed}.`;
    if (sequence.isReady()) {
      return html(c, 200, 'Demo flaky page', `      <h1>Ready</h1>\n      <p class="hint">${which} This page fails half of its requests at random; a seed replays the same sequence.</p>`);
    }
    return html(c, 503, 'Demo flaky page - unavailable', `      <h1>Service unavailable</h1>\n      <p id="error" role="alert">${which} The page failed this request on purpose: reload to try again.</p>`);
  });
}
