import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';

/** Interactive bot (spec part 2 §3): enabled maps to ACTIVE or INACTIVE; delete sets DISABLED, which hides the bot. */
export const INTERACTIVE_BOT_STATUSES = ['ACTIVE', 'INACTIVE', 'DISABLED'] as const;
export type InteractiveBotStatus = (typeof INTERACTIVE_BOT_STATUSES)[number];

export const INTERACTIVE_BOT_MESSAGES = {
  saved: 'Interactive Bot Saved',
  deleted: 'Interactive Bot Deleted',
  secretRegenerated: 'Interactive Bot Secret Regenerated',
  notFound: (triggerId: string) => `Interactive bot ${triggerId} not found`,
  duplicateIntent: (intent: string) => `An interactive bot with the intent '${intent}' already exists.`,
  collectionNotFound: (id: string) => `Collection ${id} not found`,
  /** One answer for an unknown intent, an unknown secret or a secret of another bot, so a caller cannot tell which. */
  triggerUnauthorized: 'No interactive bot matches this intent and secret.',
  triggerDisabled: 'Interactive bot is disabled',
  triggerNoIntent: "Give the bot's intent as `intent`, or as `text` in the form 'run <intent>'.",
  triggerNoCollection: "The interactive bot's collection no longer exists.",
  triggered: (name: string, collection: string) => `Interactive bot ${name} started ${collection}`,
  tooManyTriggers: (seconds: number) => `Too many trigger requests. Try again in ${seconds} seconds.`,
} as const;

export const INTERACTIVE_BOT_LIMITS = { name: 100, intent: 100, text: 2000 } as const;

const requiredText = (max: number) => z.string().trim().min(1, { message: FIELD_ERROR_KEYS.required, abort: true }).max(max, FIELD_ERROR_KEYS.maxLength);

export const interactiveBotSchema = z.object({
  id: z.number().int(),
  trigger_id: z.string(),
  interactive_trigger_name: z.string(),
  trigger_intent: z.string(),
  enabled: z.boolean(),
  status: z.enum(INTERACTIVE_BOT_STATUSES),
  /** The collection the bot starts. */
  teststatus_id: z.string(),
  date_created: z.string(),
});
export type InteractiveBot = z.infer<typeof interactiveBotSchema>;

const editableFields = {
  interactive_trigger_name: requiredText(INTERACTIVE_BOT_LIMITS.name),
  trigger_intent: requiredText(INTERACTIVE_BOT_LIMITS.intent),
  teststatus_id: requiredText(64),
};

/** POST /interactive/config: the payload without id, trigger_id and enabled; a new bot is ACTIVE or INACTIVE. */
export const createInteractiveBotSchema = z.object({ ...editableFields, status: z.enum(['ACTIVE', 'INACTIVE']) });
export type CreateInteractiveBot = z.infer<typeof createInteractiveBotSchema>;

/** PUT /interactive/config: the payload without id and enabled; status DISABLED deletes the bot. */
export const updateInteractiveBotSchema = z.object({ ...editableFields, trigger_id: requiredText(64), status: z.enum(INTERACTIVE_BOT_STATUSES) });
export type UpdateInteractiveBot = z.infer<typeof updateInteractiveBotSchema>;

/** PUT /interactive/config/secret: the bot whose trigger secret is replaced. */
export const regenerateBotSecretSchema = z.object({ trigger_id: requiredText(64) });

export const interactiveBotListResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: z.array(interactiveBotSchema) });

export const interactiveBotResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: interactiveBotSchema });

/** A created bot, or one whose secret was regenerated, carries its trigger secret: the only time it is ever shown. */
export const interactiveBotWithSecretResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: interactiveBotSchema.extend({ secret: z.string() }),
});
export type InteractiveBotWithSecret = z.infer<typeof interactiveBotWithSecretResponseSchema>['data'];

/**
 * The real trigger's body, JSON or form-encoded. `intent` names the bot; a chat platform's outgoing webhook sends
 * `text` instead ("run <intent>"), and may carry the secret as `token` when it cannot set an Authorization header.
 */
export const triggerInteractiveBotSchema = z.object({
  intent: z.string().trim().max(INTERACTIVE_BOT_LIMITS.intent).optional(),
  text: z.string().max(INTERACTIVE_BOT_LIMITS.text).optional(),
  token: z.string().max(200).optional(),
});
export type TriggerInteractiveBot = z.infer<typeof triggerInteractiveBotSchema>;

const RUN_COMMAND = /^\s*run\s+(.+?)\s*$/i;

/** The intent a trigger asks for: `intent`, else `text` without its leading "run"; undefined when neither names one. */
export function requestedIntent(body: TriggerInteractiveBot): string | undefined {
  const intent = body.intent?.trim() || (body.text === undefined ? '' : (RUN_COMMAND.exec(body.text)?.[1] ?? body.text.trim()));
  return intent === '' ? undefined : intent;
}

export const triggerInteractiveBotResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** `text` repeats the message for chat platforms that post the answer's text back to the channel. */
  text: z.string(),
  data: z.object({ statusId: z.string() }),
});
