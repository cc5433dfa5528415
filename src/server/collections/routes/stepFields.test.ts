import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportFile, sampleCollection, sampleManifest } from '../../../../tests/support/collection-export';
import { collectionResponseSchema, collectionSchema, savedCollectionSchema, STEP_ACTIONS, type Step } from '../../../shared/contracts/collections';
import { importUploadResponseSchema } from '../../../shared/contracts/importexport';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { demoCollections } from '../../demo/seedDemoCollections';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { insertCollection } from '../repository';

const JSON_HEADERS = { 'content-type': 'application/json' };

type StepInput = Partial<Step> & Pick<Step, 'action'>;

function collectionWith(name: string, steps: readonly StepInput[]): Record<string, unknown> {
  return {
    collectionId: 'new',
    id: '',
    testSuiteName: name,
    deviceType: 'BROWSER',
    testCases: [{ testCaseId: 'flow', testCaseName: 'Flow', steps: steps.map((step, index) => ({ stepId: `s${index}`, stepName: `Step ${index}`, ...step })) }],
  };
}

/** One step of each action, filled in as the action needs. */
const EVERY_ACTION_FILLED: Readonly<Record<(typeof STEP_ACTIONS)[number], StepInput>> = {
  open: { action: 'open', value: '${BASE_URL}/demo-app/' },
  click: { action: 'click', target: 'text=Sign in' },
  type: { action: 'type', target: '#username' },
  select: { action: 'select', target: '#category', value: 'Work' },
  check: { action: 'check', target: '#urgent' },
  press: { action: 'press', value: 'Enter' },
  waitFor: { action: 'waitFor', target: '#items' },
  assertText: { action: 'assertText', target: 'h1', value: 'Items' },
  assertVisible: { action: 'assertVisible', target: '#items' },
  assertUrl: { action: 'assertUrl', value: '/demo-app/' },
  assertTitle: { action: 'assertTitle', value: 'Demo items' },
  screenshot: { action: 'screenshot' },
  httpRequest: { action: 'httpRequest', target: 'POST ${BASE_URL}/demo-app/', value: '{}' },
  setVariable: { action: 'setVariable', target: 'orderId', value: 'A-1' },
  launchApp: { action: 'launchApp', target: 'com.example.shop/.MainActivity' },
  tap: { action: 'tap', target: '~Sign in' },
  clear: { action: 'clear', target: 'id=com.example.shop:id/search' },
  swipe: { action: 'swipe', value: 'from 200,800 to 200,200' },
  scroll: { action: 'scroll', target: 'android=new UiSelector().text("Checkout")' },
  back: { action: 'back' },
  hideKeyboard: { action: 'hideKeyboard' },
  assertAttribute: { action: 'assertAttribute', target: '//android.widget.CheckBox', value: 'checked=true' },
};

describe("saveTest checks each step's fields as its action needs them (issue 27)", () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer();
    token = await t.tokenFor(await t.createUser(['STUDIO']));
  });
  afterAll(async () => t.close());

  const saveJson = (body: unknown) => t.request(endpoints.collections.save, { method: 'POST', token, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const saveForm = (body: unknown) => t.request(endpoints.collections.save, { method: 'POST', token, body: new URLSearchParams({ testsuite: JSON.stringify(body) }) });
  const load = async (id: string) => {
    const response = await t.request(`${endpoints.collections.load}?id=${encodeURIComponent(id)}`, { token });
    expect(response.status).toBe(200);
    return collectionResponseSchema.parse(await response.json()).data;
  };

  async function refusal(response: Response) {
    expect(response.status).toBe(400);
    return errorBodySchema.parse(await response.json());
  }

  it('refuses blank and malformed step fields with 400 and a message per field, through JSON and the form alike', async () => {
    const invalid = collectionWith('Incomplete steps', [
      { action: 'open', value: '127.0.0.1:1/nothing-here' },
      { action: 'type', value: 'demo' },
      { action: 'assertText' },
      { action: 'httpRequest', target: 'FETCH /x' },
      { action: 'setVariable', target: 'order id' },
    ]);
    const expected = {
      'testCases.0.steps.0.value': ['Start the URL with http:// or https://, with / for a page of this server, or with ${BASE_URL}'],
      'testCases.0.steps.1.target': ['Enter the element to type into'],
      'testCases.0.steps.2.target': ['Enter the element whose text to check'],
      'testCases.0.steps.2.value': ['Enter the expected text'],
      'testCases.0.steps.3.target': ['Start with GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, then the URL'],
      'testCases.0.steps.4.target': ['Use letters, digits and underscores only'],
    };
    const json = await refusal(await saveJson(invalid));
    expect(json.fieldErrors).toEqual(expected);
    expect(json.message).toContain('testCases.0.steps.1.target: Enter the element to type into');
    expect((await refusal(await saveForm(invalid))).fieldErrors).toEqual(expected);
    const list = await t.request(endpoints.collections.list, { token });
    expect(JSON.stringify(await list.json())).not.toContain('Incomplete steps');
  });

  it('names the flow list and places of a refused step in init and post flows too', async () => {
    const body = {
      ...collectionWith('Init and post', []),
      initTestSteps: [{ testCaseId: 'pre', testCaseName: 'Prepare', steps: [{ stepId: 'a', stepName: 'Wait', action: 'waitFor' }] }],
      postTestSteps: [{ testCaseId: 'post', testCaseName: 'Tidy', steps: [{ stepId: 'a', stepName: 'Shot', action: 'screenshot' }, { stepId: 'b', stepName: 'Key', action: 'press' }] }],
    };
    expect((await refusal(await saveJson(body))).fieldErrors).toEqual({
      'initTestSteps.0.steps.0.target': ['Enter the element to wait for'],
      'postTestSteps.0.steps.1.value': ['Enter the key to press'],
    });
  });

  it('saves a step of every action filled in, and an Open URL whose address an older document kept in the target', async () => {
    const response = await saveJson(collectionWith('Every action', [...Object.values(EVERY_ACTION_FILLED), { action: 'open', target: 'https://example.com/' }]));
    expect(response.status).toBe(200);
    const saved = collectionResponseSchema.parse(await response.json()).data;
    expect((await load(saved.id)).testCases[0]?.steps.map((step) => step.action)).toEqual([...STEP_ACTIONS, 'open']);
  });

  it('still opens and imports collections stored before these checks, and the demo collections pass them', async () => {
    for (const demo of demoCollections) expect(savedCollectionSchema.safeParse(demo).error?.issues ?? []).toEqual([]);

    const legacy = collectionSchema.parse(collectionWith('Stored before issue 27', [{ action: 'click' }, { action: 'open' }]));
    const db = t.server.services.db;
    const { org_id: orgId } = await db.selectFrom('users').select('org_id').where('user_id', '=', t.admin.email).executeTakeFirstOrThrow();
    const stored = await insertCollection(db, legacy, { orgId, userId: t.admin.email });
    expect((await load(stored.id)).testCases[0]?.steps.map((step) => [step.action, step.target])).toEqual([
      ['click', ''],
      ['open', ''],
    ]);

    const manifest = sampleManifest({
      collection: sampleCollection({
        testSuiteName: 'Imported_with_blank_steps',
        testCases: [{ testCaseId: 'f', testCaseName: 'F', testCaseType: 'FLOW', loop: 1, steps: [{ stepId: 'c', stepName: 'Click', action: 'click', target: '', value: '', timeoutMs: 1000 }] }],
      }),
    });
    const form = new FormData();
    form.set('file', new Blob([(await buildExportFile(manifest)) as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), 'collection.bin');
    const upload = await t.request(endpoints.importExport.importExport, { method: 'POST', token: await t.tokenFor(t.admin), body: form });
    expect(upload.status).toBe(200);
    const imported = importUploadResponseSchema.parse(await upload.json()).data;
    expect(imported.importComplete).toBe(true);
    expect((await load(imported.collectionId ?? '')).testCases[0]?.steps[0]).toMatchObject({ action: 'click', target: '' });
  });
});
