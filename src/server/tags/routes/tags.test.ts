import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  matchesTagSelection,
  tagListResponseSchema,
  tagSavedResponseSchema,
  testSuiteFeedResponseSchema,
} from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { startTestServer, type TestServer } from '../../testing/testServer';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('tags', () => {
  let t: TestServer;
  let token: string;

  beforeEach(async () => {
    t = await startTestServer();
    token = await t.tokenFor(await t.createUser(['STUDIO']));
  });
  afterEach(async () => t.close());

  const post = (path: string, body: unknown) => t.request(path, { method: 'POST', token, headers: JSON_HEADERS, body: JSON.stringify(body) });
  async function createTag(tagName: string, tagType: string, hideTag = false): Promise<string> {
    const response = await post(endpoints.tags.save, { tagName, tagType, hideTag });
    expect(response.status).toBe(200);
    const answer = tagSavedResponseSchema.parse(await response.json());
    expect(answer).toMatchObject({ message: 'Tag Saved', data: { tagName, tagType, hideTag } });
    return answer.data.id;
  }

  it('creates version and organization tags, lists them version tags first, and refuses duplicates', async () => {
    await createTag('Smoke', 'ORGANIZATION_TAG');
    await createTag('v2.0', 'VERSION_TAG', true);
    await createTag('Regression', 'ORGANIZATION_TAG');
    // The same name under the other type is a different tag.
    await createTag('smoke', 'VERSION_TAG');

    const listToken = await t.tokenFor(await t.createUser([]));
    const list = tagListResponseSchema.parse(await (await t.request(endpoints.tags.all, { token: listToken })).json()).data;
    expect(list.map((tag) => `${tag.tagType}:${tag.tagName}:${tag.hideTag}`)).toEqual([
      'VERSION_TAG:smoke:false',
      'VERSION_TAG:v2.0:true',
      'ORGANIZATION_TAG:Regression:false',
      'ORGANIZATION_TAG:Smoke:false',
    ]);

    const duplicate = await post(endpoints.tags.save, { tagName: 'SMOKE', tagType: 'ORGANIZATION_TAG' });
    expect(duplicate.status).toBe(409);
    expect(errorBodySchema.parse(await duplicate.json()).fieldErrors).toEqual({ tagName: ['NoneOf'] });
  });

  it('refuses bad tag input with field errors', async () => {
    const fieldErrors = async (body: unknown) => errorBodySchema.parse(await (await post(endpoints.tags.save, body)).json()).fieldErrors;
    expect(await fieldErrors({ tagName: ' ', tagType: 'VERSION_TAG' })).toEqual({ tagName: ['required'] });
    expect(await fieldErrors({ tagName: 'a$b', tagType: 'VERSION_TAG' })).toEqual({ tagName: ['pattern'] });
    expect(await fieldErrors({ tagName: 'ok', tagType: 'COLOUR' })).toHaveProperty('tagType');
  });

  it('gives the feed what the selector needs to keep collections with all chosen tags and a chosen version', async () => {
    const smoke = await createTag('Smoke', 'ORGANIZATION_TAG');
    const nightly = await createTag('Nightly', 'ORGANIZATION_TAG');
    const v1 = await createTag('v1', 'VERSION_TAG');
    const v2 = await createTag('v2', 'VERSION_TAG');
    const save = async (testSuiteName: string, tags: string[], version: string | null) =>
      expect((await post(endpoints.collections.save, { collectionId: 'new', id: 'new', testSuiteName, tags, version })).status).toBe(200);
    await save('Both_v1', [smoke, nightly], v1);
    await save('Smoke_v2', [smoke], v2);
    await save('Nightly_none', [nightly], null);

    const { org_id } = await t.server.services.db.selectFrom('users').select('org_id').where('user_id', '=', t.admin.email).executeTakeFirstOrThrow();
    const feed = testSuiteFeedResponseSchema.parse(await (await t.request(endpoints.collections.testSuitesFeed(org_id), { token })).json()).data;
    const pick = (tags: string[], versions: string[]) =>
      feed.filter((suite) => matchesTagSelection(suite, tags, versions)).map((suite) => suite.testSuiteName);

    expect(pick([smoke], [])).toEqual(['Both_v1', 'Smoke_v2']);
    expect(pick([smoke, nightly], [])).toEqual(['Both_v1']);
    expect(pick([smoke], [v2])).toEqual(['Smoke_v2']);
    expect(pick([], [v1, v2])).toEqual(['Both_v1', 'Smoke_v2']);
    expect(pick([nightly], [v2])).toEqual([]);
    expect(pick([], [])).toEqual(['Both_v1', 'Demo_Sign_In', 'Demo_Wrong_Assertion', 'Nightly_none', 'Smoke_v2']);
  });
});
