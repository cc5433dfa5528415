import { IDEMPOTENCY_HEADER } from '../../src/shared/endpoints';
import { authBackend } from './auth-backend';
import { bearer } from './handlers';

type Resolver = (request: Request) => Response | Promise<Response>;

/**
 * Honours Idempotency-Key as the platform server does: a signed-in caller's repeated key (for the same method and path)
 * gets the first answer again and changes nothing. Server faults are not kept, so their retry runs; nor are answers to
 * callers without a live token, so a change refused for an ended session goes through once its owner signs in again.
 * Each fake backend wraps its write handlers with its own store.
 */
export function createIdempotencyStore() {
  const answers = new Map<string, Response>();
  return {
    clear(): void {
      answers.clear();
    },
    honour(resolver: Resolver): (info: { request: Request }) => Promise<Response> {
      return async ({ request }) => {
        const key = request.headers.get(IDEMPOTENCY_HEADER);
        const userId = authBackend.authenticate(bearer(request));
        const scope = key === null || userId === undefined ? null : JSON.stringify([userId, key, request.method, new URL(request.url).pathname]);
        const stored = scope === null ? undefined : answers.get(scope);
        if (stored) return stored.clone();
        const response = await resolver(request);
        if (scope !== null && response.status < 500) answers.set(scope, response.clone());
        return response;
      };
    },
  };
}
