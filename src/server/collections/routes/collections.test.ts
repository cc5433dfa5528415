import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  collectionListResponseSchema,
  collectionResponseSchema,
  tagSavedResponseSchema,
  testSuiteFeedResponseSchema,
  type Collection,
} from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { tokenInAnotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';

const JSON_HEADERS = { 'content-type': 'application/json' };

function draft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    collectionId: 'new',
    id: '',
    testSuiteName: 'Checkout flow',
    suiteNotifyEmails: 'qa@example.test; lead@example.test,',
    deviceType: 'BROWSER',
    testCases: [
      {
        testCaseId: 'flow-1',
        testCaseName: 'Open shop',
        loop: 2,
        steps: [{ stepId: 's1', stepName: 'Open', action: 'open', value: '${BASE_URL}/demo-app/' }],
      },
    ],
    initTestSteps: [{ testCaseId: 'pre-1', testCaseName: 'Prepare', testCaseType: 'PRE_FLOW', steps: [] }],
    customAttributes: [{ name: 'budget', value: '5', unit: 's' }],
    ...overrides,
  };
}

describe('collections', () => {
  let t: TestServer;
  let token: string;

  beforeEach(async () => {
    t = await startTestServer();
    token = await t.tokenFor(await t.createUser(['STUDIO']));
  });
  afterEach(async () => t.close());

  const saveJson = (body: unknown) =>
    t.request(endpoints.collections.save, { method: 'POST', token, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const load = (id: string) => t.request(`${endpoints.collections.load}?id=${encodeURIComponent(id)}`, { token });

  async function saved(body: unknown): Promise<Collection> {
    const response = await saveJson(body);
    expect(response.status).toBe(200);
    const answer = collectionResponseSchema.parse(await response.json());
    expect(answer.message).toBe('Test Suite Saved!');
    return answer.data;
  }

  async function fieldErrorsOf(response: Response, status = 400) {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json()).fieldErrors;
  }

  it('creates a collection with generated ids, trims its name, and loads it back unchanged', async () => {
    const created = await saved(draft({ testSuiteName: '  Checkout flow  ' }));
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({ collectionId: created.id, testSuiteId: created.id, testSuiteName: 'Checkout flow', video: false });
    expect(created.executionType).toBe('SEQUENTIAL');

    const response = await load(created.id);
    expect(response.status).toBe(200);
    const opened = collectionResponseSchema.parse(await response.json());
    expect(opened.message).toBe('Test Suite Open...');
    expect(opened.data).toEqual(created);
    expect(opened.data.testCases[0]?.steps[0]).toMatchObject({ action: 'open', value: '${BASE_URL}/demo-app/', timeoutMs: 10_000 });
    expect(opened.data.initTestSteps[0]?.testCaseType).toBe('PRE_FLOW');
    expect(opened.data.createdBy).toMatch(/@example\.test$/);
  });

  it('keeps the issue-tracker fields and the chain parent through save and load', async () => {
    const fields = { jiraIntegration: true, scenario: 'Checkout scenario', testChainParentId: 'parent-collection' };
    const created = await saved(draft(fields));
    expect(created).toMatchObject(fields);
    const opened = collectionResponseSchema.parse(await (await load(created.id)).json()).data;
    expect(opened).toMatchObject(fields);
    const cleared = await saved({ ...opened, scenario: 'Another scenario', jiraIntegration: false });
    expect(cleared).toMatchObject({ jiraIntegration: false, scenario: 'Another scenario', testChainParentId: 'parent-collection' });
    expect((await fieldErrorsOf(await saveJson(draft({ testSuiteName: 'Other', scenario: 'x'.repeat(501) }))))?.scenario).toEqual(['maxlength']);
  });

  it('updates through the legacy form field testsuite, multipart or urlencoded', async () => {
    const created = await saved(draft());
    const multipart = new FormData();
    multipart.set('testsuite', JSON.stringify({ ...created, suiteDescription: 'from multipart', executionType: 'RANDOM' }));
    const first = await t.request(endpoints.collections.save, { method: 'POST', token, body: multipart });
    expect(first.status).toBe(200);
    expect(collectionResponseSchema.parse(await first.json()).data).toMatchObject({ id: created.id, suiteDescription: 'from multipart' });

    const urlencoded = new URLSearchParams({ testsuite: JSON.stringify({ ...created, collectionId: '', suiteDescription: 'from form' }) });
    const second = await t.request(endpoints.collections.save, { method: 'POST', token, body: urlencoded });
    expect(second.status).toBe(200);
    const reloaded = collectionResponseSchema.parse(await (await load(created.id)).json()).data;
    expect(reloaded).toMatchObject({ id: created.id, suiteDescription: 'from form', createdDate: created.createdDate });
    expect(reloaded.updatedDate! >= created.updatedDate!).toBe(true);
  });

  it.each([['Bad*Name'], [' -ok but <script>'], ['émoji 🚀']])('refuses the name %j with fieldErrors pattern', async (name) => {
    expect(await fieldErrorsOf(await saveJson(draft({ testSuiteName: name })))).toEqual({ testSuiteName: ['pattern'] });
  });

  it('refuses a blank name as required, and gives the same field errors through the form', async () => {
    expect(await fieldErrorsOf(await saveJson(draft({ testSuiteName: '   ' })))).toEqual({ testSuiteName: ['required'] });
    const form = new URLSearchParams({ testsuite: JSON.stringify(draft({ testSuiteName: 'a/b' })) });
    expect(await fieldErrorsOf(await t.request(endpoints.collections.save, { method: 'POST', token, body: form }))).toEqual({
      testSuiteName: ['pattern'],
    });
  });

  it.each([['qa@example.test, not-an-email'], ['qa@example.test;;two@@example.test'], ['a b@example.test']])(
    'refuses the notify e-mails %j with MultiEmailInvalid',
    async (emails) => {
      expect(await fieldErrorsOf(await saveJson(draft({ suiteNotifyEmails: emails })))).toEqual({ suiteNotifyEmails: ['MultiEmailInvalid'] });
    },
  );

  it('answers 404 with a message for unknown or missing ids', async () => {
    const unknown = await load('no-such-collection');
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).message).toBe('Collection no-such-collection not found');
    const update = await saveJson(draft({ collectionId: 'gone', id: 'gone' }));
    expect(update.status).toBe(404);
    expect(errorBodySchema.parse(await update.json()).message).toBe('Collection gone not found');
    expect(await fieldErrorsOf(await t.request(endpoints.collections.load, { token }))).toHaveProperty('id');
  });

  it('creates a new collection under the id its client made, and updates it on the next save of that id', async () => {
    const clientId = randomUUID();
    const created = await saved(draft({ collectionId: 'new', id: clientId }));
    expect(created).toMatchObject({ id: clientId, collectionId: clientId, testSuiteName: 'Checkout flow' });
    // Saved again before the first save synced: the document still says "new", with the same id.
    const again = await saved(draft({ collectionId: 'new', id: clientId, testSuiteName: 'Checkout flow 2' }));
    expect(again).toMatchObject({ id: clientId, testSuiteName: 'Checkout flow 2', createdDate: created.createdDate });
    const list = collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token })).json()).data;
    expect(list.filter((row) => row.testSuiteName.startsWith('Checkout flow')).map((row) => row.id)).toEqual([clientId]);
  });

  it("never creates under an id that another organization's or a deleted collection has", async () => {
    const clientId = randomUUID();
    await saved(draft({ id: clientId }));
    const other = await tokenInAnotherOrganization(t, ['STUDIO']);
    const foreign = await t.request(endpoints.collections.save, {
      method: 'POST',
      token: other,
      headers: JSON_HEADERS,
      body: JSON.stringify(draft({ id: clientId, testSuiteName: 'Taken over' })),
    });
    expect(foreign.status).toBe(404);
    expect((await load(clientId)).status).toBe(200);

    await t.server.services.db.updateTable('collections').set({ deleted: 1 }).where('id', '=', clientId).execute();
    expect((await saveJson(draft({ id: clientId }))).status).toBe(404);
  });

  it('refuses a second collection of the same name, ignoring case, with NoneOf', async () => {
    const first = await saved(draft({ testSuiteName: 'Smoke' }));
    const duplicate = await saveJson(draft({ testSuiteName: 'SMOKE' }));
    expect(await fieldErrorsOf(duplicate, 409)).toEqual({ testSuiteName: ['NoneOf'] });
    const other = await saved(draft({ testSuiteName: 'Regression' }));
    expect(await fieldErrorsOf(await saveJson({ ...other, testSuiteName: 'smoke' }), 409)).toEqual({ testSuiteName: ['NoneOf'] });
    // Saving a collection under its own name is no clash.
    expect((await saveJson({ ...first, suiteDescription: 'again' })).status).toBe(200);
  });

  it('creates one collection for a save replayed under the same Idempotency-Key', async () => {
    const send = () =>
      t.request(endpoints.collections.save, {
        method: 'POST',
        token,
        headers: { ...JSON_HEADERS, 'Idempotency-Key': 'offline-save-1' },
        body: JSON.stringify(draft({ testSuiteName: 'Replayed' })),
      });
    const first = collectionResponseSchema.parse(await (await send()).json()).data;
    const replay = collectionResponseSchema.parse(await (await send()).json()).data;
    expect(replay.id).toBe(first.id);
    const list = collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token })).json()).data;
    expect(list.filter((row) => row.testSuiteName === 'Replayed')).toHaveLength(1);
  });

  it('answers malformed bodies with 4xx, never 500', async () => {
    const post = (init: RequestInit) => t.request(endpoints.collections.save, { method: 'POST', token, ...init });
    expect((await post({ headers: JSON_HEADERS, body: '{"testSuiteName":' })).status).toBe(400);
    expect(await fieldErrorsOf(await post({ body: new URLSearchParams({ testsuite: '{not json' }) }))).toEqual({ testsuite: ['json'] });
    expect(await fieldErrorsOf(await post({ body: new URLSearchParams({ other: 'x' }) }))).toHaveProperty('testsuite');
    expect(await fieldErrorsOf(await post({}))).toEqual({ testsuite: ['required'] });
    expect((await post({ headers: { 'content-type': 'text/plain' }, body: 'hello' })).status).toBe(415);
    expect(await fieldErrorsOf(await saveJson(draft({ collectionId: 'one', id: 'two' })))).toEqual({ id: ['mismatch'] });
    const badStep = draft({ testCases: [{ testCaseId: 'f', testCaseName: 'F', steps: [{ stepId: 's', stepName: 'S', action: 'fly' }] }] });
    expect(Object.keys((await fieldErrorsOf(await saveJson(badStep))) ?? {})).toEqual(['testCases.0.steps.0.action']);
    expect(await fieldErrorsOf(await saveJson(draft({ executionType: 'PARALLEL' })))).toHaveProperty('executionType');
  });

  it('lists the organization collections, with tags and version, in the list and the test suites feed', async () => {
    const tag = async (tagName: string, tagType: string) => {
      const response = await t.request(endpoints.tags.save, { method: 'POST', token, headers: JSON_HEADERS, body: JSON.stringify({ tagName, tagType }) });
      return tagSavedResponseSchema.parse(await response.json()).data.id;
    };
    const smoke = await tag('Smoke', 'ORGANIZATION_TAG');
    const v1 = await tag('v1', 'VERSION_TAG');
    const created = await saved(draft({ testSuiteName: 'Tagged', tags: [smoke], version: v1 }));
    expect(created).toMatchObject({ tags: [smoke], version: v1 });

    const list = collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token })).json()).data;
    expect(list.map((row) => row.testSuiteName)).toEqual(['Demo_Sign_In', 'Demo_Wrong_Assertion', 'Tagged']);
    expect(list.find((row) => row.id === created.id)).toMatchObject({ tags: [smoke], version: v1, deviceType: 'BROWSER' });

    const orgId = t.server.services.db.selectFrom('users').select('org_id').where('user_id', '=', t.admin.email);
    const { org_id } = await orgId.executeTakeFirstOrThrow();
    const feed = testSuiteFeedResponseSchema.parse(await (await t.request(endpoints.collections.testSuitesFeed(org_id), { token })).json());
    expect(feed.data.find((item) => item.id === created.id)).toEqual({ id: created.id, testSuiteName: 'Tagged', tags: [smoke], version: v1 });

    // Tags must exist, organization tags in tags and a version tag as version.
    expect(await fieldErrorsOf(await saveJson(draft({ testSuiteName: 'X', tags: [v1], version: smoke })))).toEqual({
      tags: ['NotFound'],
      version: ['NotFound'],
    });
  });

  it("lists deleted collections as disabled and refuses to open them; another organization's feed needs ORGANIZATIONS_MANAGEMENT", async () => {
    const created = await saved(draft());
    await t.server.services.db.updateTable('collections').set({ deleted: 1 }).where('id', '=', created.id).execute();
    expect((await load(created.id)).status).toBe(404);
    const list = collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token })).json()).data;
    expect(list.find((row) => row.id === created.id)?.result).toBe('deleted');
    // A deleted collection's name is free again.
    expect((await saveJson(draft())).status).toBe(200);

    expect((await t.request(endpoints.collections.testSuitesFeed('another-org'), { token })).status).toBe(403);
    const manager = await t.tokenFor(await t.createUser(['ORGANIZATIONS_MANAGEMENT']));
    const missing = await t.request(endpoints.collections.testSuitesFeed('another-org'), { token: manager });
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).message).toBe('Organization another-org not found');
  });
});
