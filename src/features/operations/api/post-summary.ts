import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';
import type { SummarySearch } from '../../../shared/contracts/operations';
import { OPERATIONS_TEXTS } from '../operations-messages';

/** POST of a summary search (both summaries): the rows, or the server's message, else the summary fallback (§8). */
export async function postSummary<Row>(path: string, schema: z.ZodType<{ data: Row[] }>, search: SummarySearch, signal: AbortSignal): Promise<Row[]> {
  const { data } = await apiJson(path, schema, { method: 'POST', json: search, signal, fallbackMessage: OPERATIONS_TEXTS.summaryLoadFailed });
  return data;
}
