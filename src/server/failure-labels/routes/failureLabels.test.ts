import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  collectionLabelResponseSchema,
  failureLabelListResponseSchema,
  failureLabelResponseSchema,
  isLabelStatusOk,
} from '../../../shared/contracts/labels';
import { collectionSchema } from '../../../shared/contracts/collections';
import { endpoints, IDEMPOTENCY_HEADER } from '../../../shared/endpoints';
import type { RunState } from '../../db/schema-runs';
import { REPLAYED_HEADER } from '../../http/idempotency';
import { finishRun, insertRun } from '../../runs/repository';
import { tokenInAnotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';

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
  /** A finished run of the admin's organization (HYBRID, so no resource ever takes it before it is finished here). */
  async function finishedRun(state: Exclude<RunState, 'QUEUED' | 'RUNNING'>): Promise<string> {
    const db = t.server.services.db;
    const admin = await findUserByUserId(db, t.admin.email);
    if (!admin) throw new Error('no administrator');
    const collection = collectionSchema.parse({ collectionId: 'new', id: '', testSuiteName: `Run ${state}`, deviceType: 'HYBRID' });
    const run = await insertRun(db, collection, { orgId: admin.org_id, userId: admin.user_id });
    expect(await finishRun(db, run.status_id, state)).toBe(true);
    return run.status_id;
  }
  const attachTo = (statusId: string, labelId: string | null, as = token) =>
    send('PUT', endpoints.failureLabels.attachToCollection, { statusId, labelId }, as);
  const otherOrganizationToken = () => tokenInAnotherOrganization(t, ['STUDIO']);

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

  it('creates a label under the id its client made, so a run is labelled with it; a repeated create finds it', async () => {
    const labelId = randomUUID();
    const createWithId = (labelName: string, as = token) => send('POST', endpoints.failureLabels.create, { labelName, labelId }, as);
    expect(failureLabelResponseSchema.parse(await (await createWithId('Made offline')).json()).data).toEqual({ labelId, labelName: 'Made offline' });
    const repeated = await createWithId('Made offline');
    expect(repeated.status).toBe(200);
    expect(failureLabelResponseSchema.parse(await repeated.json()).data).toEqual({ labelId, labelName: 'Made offline' });
    expect(await labelsOf()).toEqual([{ labelId, labelName: 'Made offline' }]);

    const statusId = await finishedRun('FAILED');
    expect((await attachTo(statusId, labelId)).status).toBe(200);
    expect(await labelOfRun(statusId)).toEqual({ statusId, labelId, labelName: 'Made offline' });

    const otherName = await createWithId('Something else');
    expect(otherName.status).toBe(409);
    expect(errorBodySchema.parse(await otherName.json())).toMatchObject({ message: `A failure label with id ${labelId} already exists.`, fieldErrors: { labelId: ['NoneOf'] } });
    expect((await createWithId('Made offline', await otherOrganizationToken())).status).toBe(409);
    expect((await send('POST', endpoints.failureLabels.create, { labelName: 'Bad id', labelId: 'not-a-uuid' })).status).toBe(400);
  });

  it('applies a replayed create once: the same Idempotency-Key gets the first answer again', async () => {
    const replay = () =>
      t.request(endpoints.failureLabels.create, {
        method: 'POST',
        token,
        headers: { ...JSON_HEADERS, [IDEMPOTENCY_HEADER]: 'outbox-label-1' },
        body: JSON.stringify({ labelName: 'Replayed' }),
      });
    const first = failureLabelResponseSchema.parse(await (await replay()).json());
    const again = await replay();
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(failureLabelResponseSchema.parse(await again.json()).data).toEqual(first.data);
    expect(await labelsOf()).toEqual([first.data]);
  });

  it('attaches a label to a failed run, replaces it, and detaches it', async () => {
    const flaky = await create('Flaky');
    const bug = await create('Product bug');
    const statusId = await finishedRun('FAILED');
    expect(await labelOfRun(statusId)).toBeNull();

    const attach = async (labelId: string | null) => {
      const response = await attachTo(statusId, labelId);
      expect(response.status).toBe(200);
      return collectionLabelResponseSchema.parse(await response.json());
    };
    expect(await attach(flaky.labelId)).toMatchObject({ message: 'Collection Label Updated', data: { statusId, ...flaky } });
    await attach(bug.labelId);
    expect(await labelOfRun(statusId)).toEqual({ statusId, ...bug });
    expect((await attach(null)).message).toBe('Collection Label Removed');
    expect(await labelOfRun(statusId)).toBeNull();
  });

  it("lets the Operations Centre triage a run's failure, while making labels stays with the Studio", async () => {
    const flaky = await create('Flaky');
    const statusId = await finishedRun('FAILED');
    const operations = await t.tokenFor(await t.createUser(['OPERATIONS_CENTER']));
    expect((await attachTo(statusId, flaky.labelId, operations)).status).toBe(200);
    expect(await labelOfRun(statusId, operations)).toEqual({ statusId, ...flaky });
    expect((await send('POST', endpoints.failureLabels.create, { labelName: 'Mine' }, operations)).status).toBe(403);
    const neither = await t.tokenFor(await t.createUser(['CONTROL_ROOM']));
    expect((await attachTo(statusId, null, neither)).status).toBe(403);
  });

  it('refuses a run that does not exist (404) and a run that did not fail (409)', async () => {
    const flaky = await create('Flaky');
    const missing = await attachTo('no-such-run', flaky.labelId);
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).message).toBe('No collection run with status id no-such-run.');
    expect((await attachTo('no-such-run', null)).status).toBe(404);

    for (const state of ['PASSED', 'CANCELLED', 'ABORTED'] as const) {
      const statusId = await finishedRun(state);
      const refused = await attachTo(statusId, flaky.labelId);
      expect(refused.status).toBe(409);
      expect(errorBodySchema.parse(await refused.json()).message).toBe(`Run ${statusId} ended ${state}: only a failed run can carry a failure label.`);
      expect(await labelOfRun(statusId)).toBeNull();
    }
  });

  it('keeps labels inside their organization', async () => {
    const ours = await create('Ours');
    const other = await otherOrganizationToken();

    expect(await labelsOf(other)).toEqual([]);
    const statusId = await finishedRun('FAILED');
    const rename = await send('PUT', endpoints.failureLabels.update, { labelId: ours.labelId, labelName: 'Theirs' }, other);
    expect(rename.status).toBe(404);
    // The same name is free in another organization.
    expect((await send('POST', endpoints.failureLabels.create, { labelName: 'Ours' }, other)).status).toBe(200);

    expect((await attachTo(statusId, ours.labelId)).status).toBe(200);
    expect(await labelOfRun(statusId, other)).toBeNull();
  });

  it('never lets another organization label, relabel or unlabel our run', async () => {
    const ours = await create('Ours');
    const statusId = await finishedRun('FAILED');
    expect((await attachTo(statusId, ours.labelId)).status).toBe(200);

    const other = await otherOrganizationToken();
    const theirs = failureLabelResponseSchema.parse(await (await send('POST', endpoints.failureLabels.create, { labelName: 'Theirs' }, other)).json()).data;
    for (const labelId of [theirs.labelId, ours.labelId, null]) {
      const foreign = await attachTo(statusId, labelId, other);
      expect(foreign.status).toBe(404);
      expect(errorBodySchema.parse(await foreign.json()).message).toBe(`No collection run with status id ${statusId}.`);
    }
    expect(await labelOfRun(statusId)).toEqual({ statusId, ...ours });
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
