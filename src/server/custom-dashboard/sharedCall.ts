import { createRoute } from '@hono/zod-openapi';
import type { JSONValue } from 'hono/utils/types';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Api } from '../services';
import { CUSTOM_DASHBOARD_TAG, SHARED_CALL_DESCRIPTION, sharedCallErrors, sharedReader } from './access';

interface SharedCall<Q extends z.ZodObject, T extends JSONValue> {
  path: string;
  summary: string;
  description: string;
  query: Q;
  schema: z.ZodType<T>;
  /** The same answer the signed-in call gives, for the organization of the reader. */
  answer(db: Db, orgId: string, query: z.output<Q>): Promise<T>;
}

/**
 * Registers a shared call (getShared…, §7): declared public so that a display token can pass, with sharedReader as
 * its access check, and its answers kept in the poll cache per token or user like the signed-in calls'.
 */
export function registerSharedCall<Q extends z.ZodObject, T extends JSONValue>({ app, endpoint, services }: Api, call: SharedCall<Q, T>): void {
  const readerOf = sharedReader(services, 'get', call.path);
  // Widened for the route's types, which cannot follow a generic schema; the handler parses with call.query itself.
  const query: z.ZodObject = call.query;
  const schema: z.ZodType<unknown> = call.schema;
  const route = endpoint(
    'public',
    createRoute({
      method: 'get',
      path: call.path,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: call.summary,
      description: `${call.description} ${SHARED_CALL_DESCRIPTION}`.trim(),
      request: { query },
      responses: { 200: { description: 'The same answer as the signed-in call.', content: { 'application/json': { schema } } }, ...sharedCallErrors },
    }),
  );

  app.openapi(route, async (c) => {
    const reader = await readerOf(c);
    // The route's validator has checked the query already: this parse cannot fail, and gives its type.
    const input = call.query.parse(c.req.query());
    return services.pollCache.json(c, reader.cacheKey, () => call.answer(services.db, reader.orgId, input));
  });
}
