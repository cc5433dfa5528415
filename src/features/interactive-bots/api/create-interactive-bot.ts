import { apiJson } from '../../../lib/api-client';
import { interactiveBotWithSecretResponseSchema, type CreateInteractiveBot, type InteractiveBotWithSecret } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';

/** POST {controlroom}/interactive/config: the answer carries the bot's trigger secret, shown this once. */
export async function createInteractiveBot(bot: CreateInteractiveBot): Promise<InteractiveBotWithSecret> {
  return (await apiJson(endpoints.interactiveBots.config, interactiveBotWithSecretResponseSchema, { method: 'POST', json: bot })).data;
}
