import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { imageFilterGroupsSchema, imageFilterSavedResponseSchema, imageFiltersResponseSchema } from '../../../shared/contracts/image-filters';
import { endpoints, IDEMPOTENCY_HEADER } from '../../../shared/endpoints';
import { REPLAYED_HEADER } from '../../http/idempotency';
import { startTestServer, type TestServer } from '../../testing/testServer';

describe('image filters', () => {
  let t: TestServer;
  let token: string;

  beforeEach(async () => {
    t = await startTestServer();
    token = await t.tokenFor(await t.createUser(['ORGANIZATIONS_MANAGEMENT']));
  });
  afterEach(async () => t.close());

  const save = (query: Record<string, string>) =>
    t.request(`${endpoints.imageFilters.save}?${new URLSearchParams(query).toString()}`, { method: 'POST', token });
  async function groups() {
    const response = await t.request(endpoints.imageFilters.list, { token });
    expect(response.status).toBe(200);
    const { data } = imageFiltersResponseSchema.parse(await response.json());
    expect(typeof data).toBe('string');
    return imageFilterGroupsSchema.parse(JSON.parse(data));
  }
  async function savedId(query: Record<string, string>): Promise<string> {
    const response = await save(query);
    expect(response.status).toBe(200);
    const answer = imageFilterSavedResponseSchema.parse(await response.json());
    expect(answer.message).toBe('Image Filter Saved');
    return answer.data.id;
  }

  it('answers the four groups as a JSON string, empty at first', async () => {
    expect(await groups()).toEqual({ platforms: [], apps: [], resolutions: [], functionalities: [] });
  });

  it('creates filters of each kind from query parameters and renames one by id', async () => {
    const android = await savedId({ type: 'platform', name: 'Android' });
    await savedId({ type: 'platform', name: ' iOS ' });
    await savedId({ type: 'app', name: 'Shop' });
    await savedId({ type: 'resolution', name: '1920x1080' });
    await savedId({ type: 'functionality', name: 'Checkout' });
    expect(await savedId({ type: 'platform', name: 'Android 14', id: android })).toBe(android);

    const all = await groups();
    expect(all.platforms).toEqual([
      { id: android, type: 'platform', name: 'Android 14' },
      expect.objectContaining({ type: 'platform', name: 'iOS' }),
    ]);
    expect(all.apps.map((filter) => filter.name)).toEqual(['Shop']);
    expect(all.resolutions.map((filter) => filter.name)).toEqual(['1920x1080']);
    expect(all.functionalities.map((filter) => filter.name)).toEqual(['Checkout']);
  });

  it('refuses a missing name, an unknown type, an unknown id and a duplicate', async () => {
    const errorOf = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      return errorBodySchema.parse(await response.json());
    };
    expect((await errorOf(await save({ type: 'app', name: '  ' }), 400)).fieldErrors).toEqual({ name: ['required'] });
    expect((await errorOf(await save({ type: 'app' }), 400)).fieldErrors).toHaveProperty('name');
    expect((await errorOf(await save({ type: 'colour', name: 'Red' }), 400)).fieldErrors).toHaveProperty('type');
    expect((await errorOf(await save({ type: 'app', name: 'X', id: 'missing' }), 404)).message).toBe('Image filter missing not found');
    await savedId({ type: 'app', name: 'Shop' });
    expect((await errorOf(await save({ type: 'app', name: 'SHOP' }), 409)).fieldErrors).toEqual({ name: ['NoneOf'] });
    // The same name is fine under another kind.
    await savedId({ type: 'functionality', name: 'Shop' });
  });

  it('creates a filter under the id the client made, and a later save of that id renames it: one filter', async () => {
    const clientId = randomUUID();
    expect(await savedId({ type: 'app', name: 'Made offline', id: clientId })).toBe(clientId);
    expect(await savedId({ type: 'app', name: 'Renamed offline', id: clientId })).toBe(clientId);
    expect((await groups()).apps).toEqual([{ id: clientId, type: 'app', name: 'Renamed offline' }]);
  });

  it('applies a replayed create once: the same Idempotency-Key gets the first answer again', async () => {
    const replay = () =>
      t.request(`${endpoints.imageFilters.save}?${new URLSearchParams({ type: 'platform', name: 'Android' })}`, {
        method: 'POST',
        token,
        headers: { [IDEMPOTENCY_HEADER]: 'outbox-key-1' },
      });
    const first = imageFilterSavedResponseSchema.parse(await (await replay()).json());
    const again = await replay();
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(imageFilterSavedResponseSchema.parse(await again.json()).data).toEqual(first.data);
    expect((await groups()).platforms).toEqual([first.data]);
  });
});
