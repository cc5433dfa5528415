import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { runSearchResponseSchema, runSearchSchema, type RunSearch } from '../../../shared/contracts/operations';
import { TABLE } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { jsonArrayIncludes } from '../../db/dialect';
import { ApiError } from '../../http/apiError';
import { fieldErrorsOf } from '../../http/validation';
import { runSummaryOf } from '../runViews';
import type { Api } from '../../services';
import { callerOrgId } from '../runLookup';

function parseSearch(data: string): RunSearch {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new ApiError(400, 'data: not valid JSON.', {}, { data: ['json'] });
  }
  const parsed = runSearchSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, 'data: the search is not valid.', {}, fieldErrorsOf(parsed.error));
  return parsed.data;
}

export function registerSearchRuns({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'get',
      path: endpoints.runs.search,
      tags: ['Runs'],
      summary: 'Run history, newest first, by device, status, collection and trigger time',
      description: `data is JSON {deviceId?, status?, collectionId?, dateStart?, dateEnd?} (ISO instants); at most ${TABLE.dataLimit} runs.`,
      request: { query: z.object({ data: z.string().max(2000).default('{}') }) },
      responses: { 200: { description: 'Matching runs.', content: { 'application/json': { schema: runSearchResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const search = parseSearch(c.req.valid('query').data);
    const runs = await services.db
      .selectFrom('runs')
      .selectAll()
      .where('org_id', '=', callerOrgId(c))
      .$if(search.status !== undefined, (qb) => qb.where('state', '=', search.status ?? 'QUEUED'))
      .$if(search.collectionId !== undefined, (qb) => qb.where('collection_id', '=', search.collectionId ?? ''))
      .$if(search.dateStart !== undefined, (qb) => qb.where('time_submitted', '>=', new Date(search.dateStart ?? 0).toISOString()))
      .$if(search.dateEnd !== undefined, (qb) => qb.where('time_submitted', '<=', new Date(search.dateEnd ?? 0).toISOString()))
      .$if(search.deviceId !== undefined, (qb) =>
        qb.where(jsonArrayIncludes(services.db, sql.ref('runs.resource_ids'), search.deviceId ?? '')),
      )
      .orderBy('time_submitted', 'desc')
      .limit(TABLE.dataLimit)
      .execute();
    return c.json({ success: true as const, data: runs.map(runSummaryOf) }, 200);
  });
}
