import { apiJson } from '../../../lib/api-client';
import { interactiveBotWithSecretResponseSchema, type InteractiveBotWithSecret } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';

/** PUT {controlroom}/interactive/config/secret: a new trigger secret; the old one stops working. */
export async function regenerateBotSecret(triggerId: string): Promise<InteractiveBotWithSecret> {
  return (await apiJson(endpoints.interactiveBots.regenerateSecret, interactiveBotWithSecretResponseSchema, { method: 'PUT', json: { trigger_id: triggerId } }))
    .data;
}
