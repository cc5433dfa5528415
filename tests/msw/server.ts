import { getResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { baseHandlers as BaseHandlers } from './base-handlers';

let loaded: Promise<typeof BaseHandlers> | undefined;

/**
 * The handler sets are imported at a file's first request, not by every file's set-up: with the feature modules they
 * import they took about 1.5 s of each unit file's 1.9 s of set-up, and many files make no request.
 */
function baseHandlers(): Promise<typeof BaseHandlers> {
  loaded ??= import('./base-handlers').then((module) => module.baseHandlers);
  return loaded;
}

/** Whether a base handler matches, so that a request none matches stays unhandled (an error, onUnhandledRequest). */
async function anyBaseHandlerMatches({ request }: { request: Request }): Promise<boolean> {
  for (const handler of await baseHandlers()) if (await handler.test({ request })) return true;
  return false;
}

/** The msw server of the unit project; tests add per-test handlers with server.use(), which come first. */
export const server = setupServer(http.all(anyBaseHandlerMatches, async ({ request }) => getResponse(await baseHandlers(), request)));
