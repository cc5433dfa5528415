import { apiJson } from '../../../lib/api-client';
import { triggerResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { STUDIO_MESSAGES } from '../studio-messages';

/** GET {automation}/testSuite/triggerTest?id runs a collection (spec part 1 §7). */
export function triggerCollection(id: string) {
  return apiJson(`${endpoints.runs.trigger}?${new URLSearchParams({ id })}`, triggerResponseSchema, {
    fallbackMessage: STUDIO_MESSAGES.executeFailed,
  });
}
