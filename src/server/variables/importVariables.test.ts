import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportFile, sampleCollection, sampleManifest } from '../../../tests/support/collection-export';
import { collectionResponseSchema } from '../../shared/contracts/collections';
import { importStatusResponseSchema, importUploadResponseSchema, pendingImportUpdateResponseSchema } from '../../shared/contracts/importexport';
import { variableResponseSchema } from '../../shared/contracts/variables';
import { endpoints } from '../../shared/endpoints';
import { startTestServer, type TestServer } from '../testing/testServer';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The importer asks only for the variables the organization's store does not give every run. */
describe('import against the variables store', () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 1 });
    token = await t.tokenFor(await t.createUser(['STUDIO', 'CONTROL_ROOM', 'DATASOURCE_INPUT']));
  });
  afterAll(async () => t.close());

  const send = (method: string, path: string, body: unknown) => t.request(path, { method, token, headers: JSON_HEADERS, body: JSON.stringify(body) });

  async function importFile(name: string, variables: string[]) {
    const collection = sampleCollection({
      testSuiteName: name,
      hybridDeviceIds: { 'browser-1': 'Browser 1' },
      testCases: [
        {
          testCaseId: 'f1',
          testCaseName: 'Sign in',
          testCaseType: 'FLOW',
          loop: 1,
          steps: [{ stepId: 's1', stepName: 'Type', action: 'type', target: '#user', value: variables.map((variable) => `\${${variable}}`).join(' '), timeoutMs: 1000 }],
        },
      ],
    });
    const manifest = sampleManifest({
      collection,
      references: { resources: [{ id: 'browser-1', name: 'Browser 1', type: 'DesktopDevice' }], variables: variables.map((variable) => ({ id: variable, name: variable })), emailConfigs: [] },
    });
    const form = new FormData();
    form.set('file', new Blob([(await buildExportFile(manifest)) as Uint8Array<ArrayBuffer>]), 'collection.bin');
    const response = await t.request(endpoints.importExport.importExport, { method: 'POST', token, body: form });
    expect(response.status, await response.clone().text()).toBe(200);
    return importUploadResponseSchema.parse(await response.json()).data;
  }

  async function create(variableName: string, valueType: string, value: string[]): Promise<string> {
    const response = await send('POST', endpoints.variables.create, { variableName, valueType, value });
    expect(response.status, await response.clone().text()).toBe(200);
    return variableResponseSchema.parse(await response.json()).data.id;
  }

  it('asks only for variables that are not String variables of the organization', async () => {
    await create('api_key', 'String', ['k-123']);
    // A Resource variable is not a `${name}` value of a run, so it does not stand in for one.
    await create('device_pool', 'Resource', ['browser-1']);
    const answer = await importFile('Store_checked', ['api_key', 'device_pool', 'missing_one']);
    expect(answer).toMatchObject({ importComplete: false, importMessage: 'Store_checked needs 2 more details before it can be imported.' });
    const status = importStatusResponseSchema.parse(await (await t.request(endpoints.importExport.status, { token })).json());
    const asked = status.data.find((process) => process.id === answer.statusId)?.importDataRequired.map((item) => item.id);
    expect(asked).toEqual(['collection-name', 'variable-device_pool', 'variable-missing_one']);

    const done = pendingImportUpdateResponseSchema.parse(
      await (
        await send('PUT', endpoints.importExport.importExport, {
          importId: answer.statusId,
          dataUpdated: [
            { id: 'variable-device_pool', data: 'api_key' },
            { id: 'variable-missing_one', data: 'api_key' },
          ],
        })
      ).json(),
    );
    expect(done.data.importComplete).toBe(true);
    const created = collectionResponseSchema.parse(await (await t.request(`${endpoints.collections.load}?id=${done.data.collectionId ?? ''}`, { token })).json()).data;
    expect(created.testCases[0]?.steps[0]?.value).toBe('${api_key} ${api_key} ${api_key}');
  });

  it('imports at once when the store has every variable, removed ones asked for again', async () => {
    await create('host_name', 'String', ['example.test']);
    expect(await importFile('All_there', ['host_name', 'api_key', 'BASE_URL'])).toMatchObject({ importComplete: true, importMessage: 'Collection Imported Successfully' });

    // A removed variable no longer counts: an unused one can be removed, and is then asked for.
    const temporary = await create('temporary', 'String', ['soon gone']);
    expect((await send('PUT', endpoints.variables.remove, { id: temporary })).status).toBe(200);
    expect(await importFile('After_removal', ['temporary'])).toMatchObject({ importComplete: false });
  });
});
