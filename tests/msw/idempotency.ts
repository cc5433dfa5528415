import { IDEMPOTENCY_HEADER } from '../../src/shared/endpoints';

type Resolver = (request: Request) => Response | Promise<Response>;

/**
 * Honours Idempotency-Key as the platform server does: a repeated key gets the first answer again and changes nothing
 * (server faults are not kept, so their retry runs). Each fake backend wraps its write handlers with its own store.
 */
export function createIdempotencyStore() {
  const answers = new Map<string, Response>();
  return {
    /** How many keyed writes ran (replays excluded). */
    get keyedWrites(): number {
      return answers.size;
    },
    clear(): void {
      answers.clear();
    },
    honour(resolver: Resolver): (info: { request: Request }) => Promise<Response> {
      return async ({ request }) => {
        const key = request.headers.get(IDEMPOTENCY_HEADER);
        const stored = key === null ? undefined : answers.get(key);
        if (stored) return stored.clone();
        const response = await resolver(request);
        if (key !== null && response.status < 500) answers.set(key, response.clone());
        return response;
      };
    },
  };
}
