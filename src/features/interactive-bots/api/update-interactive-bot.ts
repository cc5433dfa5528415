import { apiJson } from '../../../lib/api-client';
import { interactiveBotResponseSchema, type InteractiveBot, type UpdateInteractiveBot } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';

/** PUT {controlroom}/interactive/config (payload without id and enabled); status DISABLED deletes the bot. */
export async function updateInteractiveBot(bot: UpdateInteractiveBot): Promise<InteractiveBot> {
  return (await apiJson(endpoints.interactiveBots.config, interactiveBotResponseSchema, { method: 'PUT', json: bot })).data;
}

/** The PUT payload of `bot` with `changes` applied. */
export function updatePayload(bot: InteractiveBot, changes: Partial<UpdateInteractiveBot> = {}): UpdateInteractiveBot {
  return {
    trigger_id: bot.trigger_id,
    interactive_trigger_name: bot.interactive_trigger_name,
    trigger_intent: bot.trigger_intent,
    status: bot.status,
    teststatus_id: bot.teststatus_id,
    ...changes,
  };
}
