import { apiJson } from '../../../lib/api-client';
import { cancelQueuedResponseSchema } from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';

const cancel = (form: URLSearchParams) => apiJson(endpoints.runs.cancelQueued, cancelQueuedResponseSchema, { method: 'POST', body: form });

/** POST {automation}/testSuite/cancelQueuedTests with the form statusIds: cancels these queued runs. */
export function cancelQueuedRuns(statusIds: readonly string[]) {
  return cancel(new URLSearchParams(statusIds.map((id) => ['statusIds', id])));
}

/** The same call with all=true: every queued run the caller may see, in one transaction. */
export function cancelAllQueuedRuns() {
  return cancel(new URLSearchParams({ all: 'true' }));
}
