import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';
import { anyOrigin, errorResponse } from '../msw/handlers';

/** How the link to the server behaves: answers pass, the network is gone, the server fails, or answers are held back. */
export type LinkState = 'up' | 'offline' | 'server-error' | 'slow';

/**
 * Sits in front of a feature's msw handlers for one GET path (`server.use(link.handler, ...featureHandlers)`): while
 * cut, requests fail the way the test chose; while up or after a slow delay they fall through to the feature's handler.
 * Records when each request arrived (Date.now, so fake timers apply).
 */
export function pollLink(path: string, { slowMs = 30_000 }: { slowMs?: number } = {}) {
  const requests: number[] = [];
  const link = {
    state: 'up' as LinkState,
    requests,
    handler: http.get(anyOrigin(path), async () => {
      requests.push(Date.now());
      if (link.state === 'offline') return HttpResponse.error();
      if (link.state === 'server-error') return errorResponse(500, 'Internal Server Error');
      if (link.state === 'slow') await delay(slowMs);
      return undefined;
    }),
    /** Milliseconds between consecutive requests. */
    gaps(): number[] {
      return requests.slice(1).map((at, index) => at - (requests[index] ?? at));
    },
    /** The gaps in whole seconds: fake timers that also follow real time (shouldAdvanceTime) add a few ms. */
    gapsInSeconds(): number[] {
      return link.gaps().map((gap) => Math.round(gap / 1_000));
    },
  };
  return link;
}

/**
 * For each test: fake timers that also follow real time (Testing Library's waits need it) and Math.random fixed at
 * `random`, so that the full-jitter backoff waits are exact (random × period × 2^n, capped at 60 s).
 */
export function usePollingClock(random: number): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockReturnValue(random);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
