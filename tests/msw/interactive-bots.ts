import { http, HttpResponse } from 'msw';
import { FIELD_ERROR_KEYS } from '../../src/shared/contracts/collections';
import {
  createInteractiveBotSchema,
  INTERACTIVE_BOT_MESSAGES,
  regenerateBotSecretSchema,
  updateInteractiveBotSchema,
  type CreateInteractiveBot,
  type InteractiveBot,
  type UpdateInteractiveBot,
} from '../../src/shared/contracts/interactive-bots';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';

let rowId = 0;

export function makeInteractiveBot(overrides: Partial<InteractiveBot> = {}): InteractiveBot {
  rowId += 1;
  const status = overrides.status ?? 'ACTIVE';
  return {
    id: rowId,
    trigger_id: nextId('trigger'),
    interactive_trigger_name: `Bot ${rowId}`,
    trigger_intent: `intent-${rowId}`,
    teststatus_id: 'collection-1',
    date_created: '2026-01-01T00:00:00.000Z',
    ...overrides,
    status,
    enabled: status === 'ACTIVE',
  };
}

/** The fake interactive bots service: bots (DISABLED ones kept, as the server keeps them), and what it was sent. */
export const interactiveBotsBackend = {
  bots: [] as InteractiveBot[],
  created: [] as CreateInteractiveBot[],
  updated: [] as UpdateInteractiveBot[],
  regenerated: [] as string[],
  /** Answer the next writes with this error instead of saving. */
  failure: null as { status: number; message: string; fieldErrors?: Record<string, string[]> } | null,
  reset() {
    this.bots = [];
    this.created = [];
    this.updated = [];
    this.regenerated = [];
    this.failure = null;
  },
};

const secretFor = (triggerId: string) => `secret-of-${triggerId}-${interactiveBotsBackend.regenerated.length}`;

function liveBot(triggerId: string): InteractiveBot | undefined {
  return interactiveBotsBackend.bots.find((bot) => bot.trigger_id === triggerId && bot.status !== 'DISABLED');
}

function duplicateIntent(intent: string, exceptTriggerId?: string): boolean {
  return interactiveBotsBackend.bots.some(
    (bot) => bot.status !== 'DISABLED' && bot.trigger_id !== exceptTriggerId && bot.trigger_intent.toLowerCase() === intent.toLowerCase(),
  );
}

function failureOrDuplicate(intent: string, exceptTriggerId?: string) {
  const { failure } = interactiveBotsBackend;
  if (failure) return errorResponse(failure.status, failure.message, failure.fieldErrors);
  if (duplicateIntent(intent, exceptTriggerId)) {
    return errorResponse(409, INTERACTIVE_BOT_MESSAGES.duplicateIntent(intent), { trigger_intent: [FIELD_ERROR_KEYS.noneOf] });
  }
  return null;
}

/** /interactive/config as the server answers it (spec part 2 §4, §7), checked against the contract schemas. */
export const interactiveBotsHandlers = [
  http.get(anyOrigin(endpoints.interactiveBots.config), () =>
    HttpResponse.json({ success: true, message: '', data: interactiveBotsBackend.bots.filter((bot) => bot.status !== 'DISABLED') }),
  ),
  http.post(anyOrigin(endpoints.interactiveBots.config), async ({ request }) => {
    const input = createInteractiveBotSchema.parse(await request.json());
    interactiveBotsBackend.created.push(input);
    const refused = failureOrDuplicate(input.trigger_intent);
    if (refused) return refused;
    const bot = makeInteractiveBot(input);
    interactiveBotsBackend.bots.push(bot);
    return HttpResponse.json({ success: true, message: INTERACTIVE_BOT_MESSAGES.saved, data: { ...bot, secret: secretFor(bot.trigger_id) } });
  }),
  http.put(anyOrigin(endpoints.interactiveBots.config), async ({ request }) => {
    const input = updateInteractiveBotSchema.parse(await request.json());
    interactiveBotsBackend.updated.push(input);
    const existing = liveBot(input.trigger_id);
    if (!existing) return errorResponse(404, INTERACTIVE_BOT_MESSAGES.notFound(input.trigger_id));
    const refused = failureOrDuplicate(input.trigger_intent, input.trigger_id);
    if (refused) return refused;
    const saved: InteractiveBot = { ...existing, ...input, enabled: input.status === 'ACTIVE' };
    interactiveBotsBackend.bots = interactiveBotsBackend.bots.map((bot) => (bot === existing ? saved : bot));
    const message = saved.status === 'DISABLED' ? INTERACTIVE_BOT_MESSAGES.deleted : INTERACTIVE_BOT_MESSAGES.saved;
    return HttpResponse.json({ success: true, message, data: saved });
  }),
  http.put(anyOrigin(endpoints.interactiveBots.regenerateSecret), async ({ request }) => {
    const { trigger_id: triggerId } = regenerateBotSecretSchema.parse(await request.json());
    const existing = liveBot(triggerId);
    if (!existing) return errorResponse(404, INTERACTIVE_BOT_MESSAGES.notFound(triggerId));
    interactiveBotsBackend.regenerated.push(triggerId);
    return HttpResponse.json({ success: true, message: INTERACTIVE_BOT_MESSAGES.secretRegenerated, data: { ...existing, secret: secretFor(triggerId) } });
  }),
];
