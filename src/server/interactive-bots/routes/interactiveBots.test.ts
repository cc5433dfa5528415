import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectionListResponseSchema } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  INTERACTIVE_BOT_MESSAGES,
  interactiveBotListResponseSchema,
  interactiveBotResponseSchema,
  interactiveBotWithSecretResponseSchema,
  triggerInteractiveBotResponseSchema,
  type CreateInteractiveBot,
  type InteractiveBotWithSecret,
  type UpdateInteractiveBot,
} from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { DEMO_PASSING_COLLECTION, DEMO_FAILING_COLLECTION } from '../../demo/seedDemoCollections';
import { CHROMIUM, waitForRun } from '../../testing/runFixtures';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { hashTriggerSecret } from '../repository';
import { TRIGGER_FAILURE_LIMITS } from './triggerInteractiveBot';

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('interactive bots', () => {
  let t: TestServer;
  let token: string;
  let passingId: string;
  let failingId: string;

  async function startWith(options: Parameters<typeof startTestServer>[0] = {}) {
    t = await startTestServer(options);
    token = await t.tokenFor(await t.createUser(['CONTROL_ROOM', 'STUDIO']));
    const list = collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token })).json()).data;
    const idOf = (name: string) => list.find((row) => row.testSuiteName === name)?.id ?? '';
    passingId = idOf(DEMO_PASSING_COLLECTION);
    failingId = idOf(DEMO_FAILING_COLLECTION);
  }
  afterEach(async () => t.close());

  const create = (body: Partial<CreateInteractiveBot>) => t.request(endpoints.interactiveBots.config, { method: 'POST', token, ...json(body) });
  const update = (body: Partial<UpdateInteractiveBot>) => t.request(endpoints.interactiveBots.config, { method: 'PUT', token, ...json(body) });
  async function created(body: Partial<CreateInteractiveBot>): Promise<InteractiveBotWithSecret> {
    const response = await create({ status: 'ACTIVE', teststatus_id: passingId, ...body });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = interactiveBotWithSecretResponseSchema.parse(await response.json());
    expect(answer.message).toBe('Interactive Bot Saved');
    return answer.data;
  }
  async function list() {
    const response = await t.request(endpoints.interactiveBots.config, { token });
    expect(response.status).toBe(200);
    return interactiveBotListResponseSchema.parse(await response.json()).data;
  }
  async function errorOf(response: Response, status: number) {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json());
  }
  const trigger = (body: unknown, secret?: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.request(endpoints.interactiveBots.trigger, {
      method: 'POST',
      headers: { ...headers, ...(secret === undefined ? {} : { authorization: `Bearer ${secret}` }) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('configuration', () => {
    beforeEach(async () => startWith());

    it('creates, lists, updates, toggles and deletes bots by the rules of §4', async () => {
      expect(await list()).toEqual([]);
      const smoke = await created({ interactive_trigger_name: 'Smoke bot', trigger_intent: 'smoke' });
      expect(smoke).toMatchObject({ interactive_trigger_name: 'Smoke bot', trigger_intent: 'smoke', status: 'ACTIVE', enabled: true });
      expect(smoke.secret.length).toBeGreaterThanOrEqual(43);
      const quiet = await created({ interactive_trigger_name: 'Quiet', trigger_intent: 'quiet', status: 'INACTIVE' });
      expect(quiet.enabled).toBe(false);

      // The list never shows the secret, and the database keeps only its hash.
      const listed = await list();
      expect(listed.map((bot) => bot.trigger_intent)).toEqual(['smoke', 'quiet']);
      expect(JSON.stringify(listed)).not.toContain(smoke.secret);
      const stored = await t.server.services.db
        .selectFrom('interactive_bots')
        .select('secret_hash')
        .where('trigger_id', '=', smoke.trigger_id)
        .executeTakeFirstOrThrow();
      expect(stored.secret_hash).toBe(hashTriggerSecret(smoke.secret));

      const renamed = await update({ ...quiet, interactive_trigger_name: 'Loud', trigger_intent: 'loud', status: 'ACTIVE', teststatus_id: failingId });
      const renamedBot = interactiveBotResponseSchema.parse(await renamed.json());
      expect(renamedBot.message).toBe('Interactive Bot Saved');
      expect(renamedBot.data).toMatchObject({
        id: quiet.id,
        trigger_id: quiet.trigger_id,
        interactive_trigger_name: 'Loud',
        enabled: true,
        teststatus_id: failingId,
      });

      const deleted = await update({ ...smoke, status: 'DISABLED' });
      expect(interactiveBotResponseSchema.parse(await deleted.json()).message).toBe('Interactive Bot Deleted');
      expect((await list()).map((bot) => bot.trigger_id)).toEqual([quiet.trigger_id]);
      // A deleted bot cannot be updated again, and its intent is free for a new bot.
      expect((await errorOf(await update({ ...smoke, status: 'ACTIVE' }), 404)).message).toBe(INTERACTIVE_BOT_MESSAGES.notFound(smoke.trigger_id));
      await created({ interactive_trigger_name: 'Smoke again', trigger_intent: 'Smoke' });
    });

    it('keeps the secret out of caches and the idempotency table; a replayed create meets the unique intent', async () => {
      const body = { interactive_trigger_name: 'Once', trigger_intent: 'once', status: 'ACTIVE', teststatus_id: passingId };
      const send = () =>
        t.request(endpoints.interactiveBots.config, {
          method: 'POST',
          token,
          ...json(body),
          headers: { 'content-type': 'application/json', 'Idempotency-Key': 'create-once' },
        });
      const first = await send();
      expect(first.headers.get('cache-control')).toBe('no-store');
      const { secret } = interactiveBotWithSecretResponseSchema.parse(await first.json()).data;
      const stored = await t.server.services.db.selectFrom('idempotency_keys').select('body').execute();
      expect(stored.filter((row) => row.body.includes(secret))).toEqual([]);
      expect((await errorOf(await send(), 409)).fieldErrors).toEqual({ trigger_intent: ['NoneOf'] });
      expect(await list()).toHaveLength(1);
    });

    it('requires name, intent, status and collection, and answers field errors', async () => {
      const missing = await errorOf(await create({}), 400);
      expect(Object.keys(missing.fieldErrors ?? {}).sort()).toEqual(['interactive_trigger_name', 'status', 'teststatus_id', 'trigger_intent']);
      const blank = await errorOf(await create({ interactive_trigger_name: '  ', trigger_intent: 'x', status: 'ACTIVE', teststatus_id: passingId }), 400);
      expect(blank.fieldErrors).toEqual({ interactive_trigger_name: ['required'] });
      // A new bot cannot start deleted, and POST takes no trigger_id.
      expect(
        (await errorOf(await create({ interactive_trigger_name: 'a', trigger_intent: 'b', status: 'DISABLED' as 'ACTIVE', teststatus_id: passingId }), 400))
          .fieldErrors,
      ).toHaveProperty('status');
      const unknownCollection = await errorOf(
        await create({ interactive_trigger_name: 'a', trigger_intent: 'b', status: 'ACTIVE', teststatus_id: 'nope' }),
        404,
      );
      expect(unknownCollection).toMatchObject({ message: 'Collection nope not found', fieldErrors: { teststatus_id: ['NotFound'] } });
      expect(
        (
          await errorOf(
            await update({ trigger_id: 'nope', interactive_trigger_name: 'a', trigger_intent: 'b', status: 'ACTIVE', teststatus_id: passingId }),
            404,
          )
        ).message,
      ).toBe('Interactive bot nope not found');
    });

    it('keeps intents unique among bots that are not deleted, ignoring case (NoneOf)', async () => {
      const first = await created({ interactive_trigger_name: 'One', trigger_intent: 'deploy' });
      const duplicate = await errorOf(
        await create({ interactive_trigger_name: 'Two', trigger_intent: 'DEPLOY', status: 'INACTIVE', teststatus_id: passingId }),
        409,
      );
      expect(duplicate).toMatchObject({ message: INTERACTIVE_BOT_MESSAGES.duplicateIntent('DEPLOY'), fieldErrors: { trigger_intent: ['NoneOf'] } });
      const second = await created({ interactive_trigger_name: 'Two', trigger_intent: 'release' });
      expect((await errorOf(await update({ ...second, trigger_intent: 'Deploy' }), 409)).fieldErrors).toEqual({ trigger_intent: ['NoneOf'] });
      // Saving a bot with its own intent is not a duplicate.
      expect((await update({ ...first, interactive_trigger_name: 'One renamed' })).status).toBe(200);
    });

    it("hides other organizations' bots and needs CONTROL_ROOM", async () => {
      await created({ interactive_trigger_name: 'Mine', trigger_intent: 'mine' });
      const other = await t.server.services.db
        .insertInto('organizations')
        .values({ id: 'other-org', name: 'Other', license_type: 'RTA', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const outsider = await t.createUser(['CONTROL_ROOM']);
      await t.server.services.db.updateTable('users').set({ org_id: other.id }).where('id', '=', outsider.id).execute();
      const outsiderToken = await t.tokenFor(outsider);
      const theirs = interactiveBotListResponseSchema.parse(await (await t.request(endpoints.interactiveBots.config, { token: outsiderToken })).json());
      expect(theirs.data).toEqual([]);
      const studioOnly = await t.tokenFor(await t.createUser(['STUDIO']));
      expect((await t.request(endpoints.interactiveBots.config, { token: studioOnly })).status).toBe(403);
    });
  });

  describe('trigger', () => {
    beforeEach(async () => startWith({ chromiumPath: CHROMIUM }));

    it('starts the bot collection with its secret and the run passes; a regenerated secret replaces the old one', async () => {
      const bot = await created({ interactive_trigger_name: 'Sign-in check', trigger_intent: 'Sign In' });
      const response = await trigger({ intent: 'sign in' }, bot.secret);
      expect(response.status).toBe(200);
      const answer = triggerInteractiveBotResponseSchema.parse(await response.json());
      expect(answer.message).toBe(`Interactive bot Sign-in check started ${DEMO_PASSING_COLLECTION}`);
      const run = await waitForRun(t, token, answer.data.statusId, undefined, 60_000);
      expect(run.testStatus).toBe('PASSED');

      const regenerated = await t.request(endpoints.interactiveBots.regenerateSecret, { method: 'PUT', token, ...json({ trigger_id: bot.trigger_id }) });
      const fresh = interactiveBotWithSecretResponseSchema.parse(await regenerated.json()).data.secret;
      expect(fresh).not.toBe(bot.secret);
      expect((await trigger({ intent: 'Sign In' }, bot.secret)).status).toBe(401);
      // A chat platform's outgoing webhook: form-encoded, the secret as `token`, the intent inside `text`.
      const webhook = await trigger(new URLSearchParams({ token: fresh, text: 'run Sign In', trigger_word: 'run' }).toString(), undefined, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(webhook.status).toBe(200);
      const webhookAnswer = triggerInteractiveBotResponseSchema.parse(await webhook.json());
      expect(webhookAnswer.text).toBe(webhookAnswer.message);
      await t.request(`${endpoints.runs.cancelRunning}?statusId=${webhookAnswer.data.statusId}`, { method: 'POST', token });
    });

    it('answers one 401 for an unknown intent or a wrong secret, 409 for an inactive bot, 400 without an intent', async () => {
      const active = await created({ interactive_trigger_name: 'A', trigger_intent: 'alpha' });
      const inactive = await created({ interactive_trigger_name: 'B', trigger_intent: 'beta', status: 'INACTIVE' });
      for (const [body, secret] of [
        [{ intent: 'gamma' }, active.secret],
        [{ intent: 'alpha' }, 'wrong'],
        [{ intent: 'alpha' }, inactive.secret],
        [{ intent: 'alpha' }, undefined],
      ] as const) {
        expect(await errorOf(await trigger(body, secret), 401)).toMatchObject({ message: INTERACTIVE_BOT_MESSAGES.triggerUnauthorized });
      }
      expect((await errorOf(await trigger({ intent: 'beta' }, inactive.secret), 409)).message).toBe('Interactive bot is disabled');
      expect((await errorOf(await trigger({}, active.secret), 400)).message).toBe(INTERACTIVE_BOT_MESSAGES.triggerNoIntent);
      expect((await trigger('{"intent":', active.secret)).status).toBe(400);
      // A deleted bot's secret is dead.
      await update({ ...active, status: 'DISABLED' });
      expect((await trigger({ intent: 'alpha' }, active.secret)).status).toBe(401);
    });

    it('limits failed attempts per intent with 429 and Retry-After', async () => {
      const bot = await created({ interactive_trigger_name: 'Limited', trigger_intent: 'limited' });
      for (let attempt = 0; attempt < TRIGGER_FAILURE_LIMITS.perAccount; attempt += 1) {
        expect((await trigger({ intent: 'limited' }, 'guess')).status).toBe(401);
      }
      const limited = await trigger({ intent: 'limited' }, bot.secret);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
