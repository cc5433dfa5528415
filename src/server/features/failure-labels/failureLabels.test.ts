import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  collectionLabelResponseSchema,
  failureLabelListResponseSchema,
  failureLabelResponseSchema,
  isLabelStatusOk,
} from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { hashPassword } from '../../auth/passwords';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { insertUser } from '../../users/userRepository';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('failure labels', () => {
  let t: TestServer;
  let token: string;

  beforeEach(async () => {
    t = await startTestServer();
    token = await t.tokenFor(await t.createUser(['STUDIO']));
  });
  afterEach(async () => t.close());

  const send = (method: string, path: string, body: unknown, as = token) =>
    t.request(path, { method, token: as, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const labelsOf = async (as = token) =>
    failureLabelListResponseSchema.parse(await (await t.request(endpoints.failureLabels.list, { token: as })).json()).data;
  const labelOfRun = async (statusId: string, as = token) =>
    collectionLabelResponseSchema.parse(
      await (await t.request(`${endpoints.failureLabels.ofCollection}?collectionId=${statusId}`, { token: as })).json(),
    ).data;
  async function create(labelName: string) {
    const response = await send('POST', endpoints.failureLabels.create, { labelName });
    expect(response.status).toBe(200);
    const answer = failureLabelResponseSchema.parse(await response.json());
    expect(isLabelStatusOk(answer.status)).toBe(true);
    expect(answer.message).toBe('Failure Label Created');
    return answer.data;
  }

  it('creates, renames and lists labels; names are unique ignoring case', async () => {
    const flaky = await create('Flaky locator');
    await create('Environment down');
    const renamed = await send('PUT', endpoints.failureLabels.update, { labelId: flaky.labelId, labelName: 'Flaky selector' });
    expect(renamed.status).toBe(200);
    expect(failureLabelResponseSchema.parse(await renamed.json())).toMatchObject({
      message: 'Failure Label Updated',
      data: { labelId: flaky.labelId, labelName: 'Flaky selector' },
    });
    expect(await labelsOf()).toEqual([
      expect.objectContaining({ labelName: 'Environment down' }),
      { labelId: flaky.labelId, labelName: 'Flaky selector' },
    ]);

    const duplicate = await send('POST', endpoints.failureLabels.create, { labelName: 'ENVIRONMENT DOWN' });
    expect(duplicate.status).toBe(409);
    expect(errorBodySchema.parse(await duplicate.json()).fieldErrors).toEqual({ labelName: ['NoneOf'] });
    const clash = await send('PUT', endpoints.failureLabels.update, { labelId: flaky.labelId, labelName: 'environment down' });
    expect(clash.status).toBe(409);
  });

  it('attaches a label to a failed run, replaces it, and detaches it', async () => {
    const flaky = await create('Flaky');
    const bug = await create('Product bug');
    const statusId = randomUUID();
    expect(await labelOfRun(statusId)).toBeNull();

    const attach = async (labelId: string | null) => {
      const response = await send('PUT', endpoints.failureLabels.attachToCollection, { statusId, labelId });
      expect(response.status).toBe(200);
      return collectionLabelResponseSchema.parse(await response.json());
    };
    expect(await attach(flaky.labelId)).toMatchObject({ message: 'Collection Label Updated', data: { statusId, ...flaky } });
    await attach(bug.labelId);
    expect(await labelOfRun(statusId)).toEqual({ statusId, ...bug });
    expect((await attach(null)).message).toBe('Collection Label Removed');
    expect(await labelOfRun(statusId)).toBeNull();
  });

  it('keeps labels inside their organization', async () => {
    const ours = await create('Ours');
    const orgId = randomUUID();
    const db = t.server.services.db;
    await db.insertInto('organizations').values({ id: orgId, name: 'Other', license_type: 'RTA', created_at: new Date().toISOString() }).execute();
    await insertUser(db, { email: 'other@example.test', passwordHash: await hashPassword('other-pass'), orgId, features: ['STUDIO'] });
    const other = await t.tokenFor({ id: '', email: 'other@example.test', password: 'other-pass' });

    expect(await labelsOf(other)).toEqual([]);
    const statusId = randomUUID();
    const foreign = await send('PUT', endpoints.failureLabels.attachToCollection, { statusId, labelId: ours.labelId }, other);
    expect(foreign.status).toBe(404);
    expect(errorBodySchema.parse(await foreign.json()).message).toBe(`Failure label ${ours.labelId} not found`);
    const rename = await send('PUT', endpoints.failureLabels.update, { labelId: ours.labelId, labelName: 'Theirs' }, other);
    expect(rename.status).toBe(404);
    // The same name is free in another organization.
    expect((await send('POST', endpoints.failureLabels.create, { labelName: 'Ours' }, other)).status).toBe(200);

    expect((await send('PUT', endpoints.failureLabels.attachToCollection, { statusId, labelId: ours.labelId })).status).toBe(200);
    expect(await labelOfRun(statusId, other)).toBeNull();
  });

  it('refuses malformed label input with field errors', async () => {
    const fieldErrors = async (method: string, path: string, body: unknown) =>
      errorBodySchema.parse(await (await send(method, path, body)).json()).fieldErrors;
    expect(await fieldErrors('POST', endpoints.failureLabels.create, { labelName: '  ' })).toEqual({ labelName: ['required'] });
    expect(await fieldErrors('PUT', endpoints.failureLabels.update, { labelName: 'x' })).toHaveProperty('labelId');
    expect(await fieldErrors('PUT', endpoints.failureLabels.attachToCollection, { labelId: 'x' })).toHaveProperty('statusId');
    const noQuery = await t.request(endpoints.failureLabels.ofCollection, { token });
    expect(noQuery.status).toBe(400);
    const notJson = await t.request(endpoints.failureLabels.create, { method: 'POST', token, headers: JSON_HEADERS, body: '{"labelName"' });
    expect(notJson.status).toBe(400);
  });
});
