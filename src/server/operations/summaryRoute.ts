import { createRoute, type z } from '@hono/zod-openapi';
import { summarySearchSchema, type ScheduleSummaryRow, type TestSuiteSummaryRow } from '../../shared/contracts/operations';
import type { Db } from '../db/database';
import { currentUser } from '../http/appEnv';
import type { Api } from '../services';
import type { SummarySearch } from './repository';

export const OPERATIONS_TAG = 'Operations Centre';

interface SummarySearchOperation<Row extends ScheduleSummaryRow | TestSuiteSummaryRow> {
  path: string;
  summary: string;
  description: string;
  /** The answer's schema: success, message and the rows. */
  schema: z.ZodType<{ success: true; message: string; data: Row[] }>;
  rowsOf(db: Db, orgId: string, search: SummarySearch): Promise<Row[]>;
}

/**
 * Registers a summary search (§7 Operations Centre): a POST of summarySearchSchema (400 with the fields at fault)
 * for OPERATIONS_CENTER, answering the rows of the caller's organization.
 */
export function registerSummarySearch<Row extends ScheduleSummaryRow | TestSuiteSummaryRow>(
  { app, endpoint, services }: Api,
  { path, summary, description, schema, rowsOf }: SummarySearchOperation<Row>,
): void {
  const route = endpoint(
    'OPERATIONS_CENTER',
    createRoute({
      method: 'post',
      path,
      tags: [OPERATIONS_TAG],
      summary,
      description,
      request: { body: { required: true, content: { 'application/json': { schema: summarySearchSchema } } } },
      responses: { 200: { description: 'The rows.', content: { 'application/json': { schema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await rowsOf(services.db, currentUser(c).row.org_id, c.req.valid('json'));
    return c.json({ success: true as const, message: '', data }, 200);
  });
}
