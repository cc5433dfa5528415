import { afterEach, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../shared/contracts/collections';
import { flowHistoryResponseSchema } from '../../shared/contracts/flakiness';
import { endpoints } from '../../shared/endpoints';
import { fixedWaitBrowserWork } from '../testing/fixedWaitBrowserWork';
import { browserCollection, saveCollection, trigger, waitForRun } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { canonicalJson, collectionHash, resourceKindOf } from './collectionHash';
import { findRun } from './repository';

const flow = (stepName: string) => ({
  testCaseId: 'f1',
  testCaseName: 'Checkout',
  steps: [{ stepId: 's1', stepName, action: 'open', value: 'https://shop.test/' }],
});
const collectionWith = (fields: Record<string, unknown>) => collectionSchema.parse({ collectionId: 'c', id: 'c', testSuiteName: 'Shop', ...fields });

describe('collection identity of a run', () => {
  it('serialises JSON with sorted keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }], e: undefined })).toBe('{"a":[{"c":null,"d":"x"}],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('hashes the flows as run: a rename or new tags keep it, an edited step or flow order changes it', () => {
    const base = collectionHash(collectionWith({ testCases: [flow('Open shop')] }));
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(collectionHash(collectionWith({ testSuiteName: 'Shop renamed', tags: ['t'], testCases: [flow('Open shop')] }))).toBe(base);
    expect(collectionHash(collectionWith({ testCases: [flow('Open the shop')] }))).not.toBe(base);
    expect(collectionHash(collectionWith({ executionType: 'RANDOM', testCases: [flow('Open shop')] }))).not.toBe(base);
  });

  it('names the resource kind of a device', () => {
    expect(resourceKindOf('browser-1')).toBe('BROWSER');
    expect(resourceKindOf('remote-browser-lab')).toBe('BROWSER');
    expect(resourceKindOf('gateway-agent-4f2a')).toBe('DESKTOP');
    expect(resourceKindOf('mobile-4f2a1b3c-9e8d')).toBe('MOBILE');
  });
});

describe('a run dispatched through the real queue', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('stores its collection hash and resource kind, and shows in its flow history', async () => {
    t = await startTestServer({ browserPoolSize: 1, browserWork: fixedWaitBrowserWork(0) });
    const token = await t.tokenFor(await t.createUser(['STUDIO']));
    const collectionId = await saveCollection(
      t,
      token,
      browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's1', action: 'open', value: 'about:blank' }] }] }),
    );
    const statusId = await trigger(t, token, collectionId);
    expect((await waitForRun(t, token, statusId)).testStatus).toBe('PASSED');

    const run = await findRun(t.server.services.db, statusId);
    expect(run?.collection_hash).toBe(collectionHash(collectionSchema.parse(JSON.parse(run?.collection ?? '{}'))));
    expect(run?.resource_kind).toBe('BROWSER');

    const response = await t.request(`${endpoints.flakiness.flowHistory}?collectionId=${encodeURIComponent(collectionId)}`, { token });
    expect(response.status).toBe(200);
    const { flows } = flowHistoryResponseSchema.parse(await response.json()).data;
    expect(flows.map((history) => [history.flowId, history.results.map((result) => [result.statusId, result.result])])).toEqual([
      ['f', [[statusId, 'PASSED']]],
    ]);
  });
});
