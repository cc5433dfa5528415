import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportFile, incompressibleBytes, sampleCollection, sampleManifest } from '../../../../tests/support/collection-export';
import { collectionResponseSchema, tagSavedResponseSchema, type Collection } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  exportTransferStatsSchema,
  importStatusResponseSchema,
  importUploadResponseSchema,
  MAX_IMPORT_FILE_BYTES,
  pendingImportUpdateResponseSchema,
  type PendingImportUpdate,
} from '../../../shared/contracts/importexport';
import { endpoints, IDEMPOTENCY_HEADER } from '../../../shared/endpoints';
import { decodeCollectionExport } from '../../../shared/importexport/format';
import type { ExportManifest } from '../../../shared/importexport/manifest';
import { REPLAYED_HEADER } from '../../http/idempotency';
import { rawRequest } from '../../testing/rawRequest';
import { startTestServer, type TestServer } from '../../testing/testServer';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('collection import and export', () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 1 });
    token = await t.tokenFor(t.admin);
  });
  afterAll(async () => t.close());

  function upload(file: Uint8Array, headers: Record<string, string> = {}, as = token): Promise<Response> {
    const form = new FormData();
    form.set('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), 'collection.bin');
    return t.request(endpoints.importExport.importExport, { method: 'POST', token: as, headers, body: form });
  }

  async function imported(file: Uint8Array) {
    const response = await upload(file);
    expect(response.status).toBe(200);
    return importUploadResponseSchema.parse(await response.json()).data;
  }

  function resolve(body: PendingImportUpdate, as = token): Promise<Response> {
    return t.request(endpoints.importExport.importExport, { method: 'PUT', token: as, headers: JSON_HEADERS, body: JSON.stringify(body) });
  }

  function download(id: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
    return t.request(`${endpoints.importExport.download}?id=${encodeURIComponent(id)}`, { method, token, headers });
  }

  async function loadCollection(id: string): Promise<Collection> {
    const response = await t.request(`${endpoints.collections.load}?id=${id}`, { token });
    return collectionResponseSchema.parse(await response.json()).data;
  }

  async function collectionCount(): Promise<number> {
    const rows = await t.server.services.db.selectFrom('collections').select('id').execute();
    return rows.length;
  }

  async function saveTag(tagName: string, tagType: 'VERSION_TAG' | 'ORGANIZATION_TAG'): Promise<string> {
    const response = await t.request(endpoints.tags.save, { method: 'POST', token, headers: JSON_HEADERS, body: JSON.stringify({ tagName, tagType }) });
    return tagSavedResponseSchema.parse(await response.json()).data.id;
  }

  /** A manifest naming tags of another platform (ids unknown here) that the import must match or create by name. */
  function manifestWithTags(name: string): ExportManifest {
    return sampleManifest({
      collection: sampleCollection({
        testSuiteName: name,
        tags: ['far-smoke', 'far-new'],
        version: 'far-v1',
        jiraIntegration: true,
        scenario: 'Checkout scenario',
        testChainParentId: 'far-parent',
      }),
      tags: [
        { id: 'far-smoke', tagName: 'Smoke', tagType: 'ORGANIZATION_TAG', hideTag: false },
        { id: 'far-new', tagName: 'Brand_new_tag', tagType: 'ORGANIZATION_TAG', hideTag: true },
        { id: 'far-v1', tagName: 'v1.0', tagType: 'VERSION_TAG', hideTag: false },
      ],
    });
  }

  it('imports a complete file as a new collection with its tags and attachments, and exports it back equal', async () => {
    const smokeId = await saveTag('smoke', 'ORGANIZATION_TAG');
    const file = await buildExportFile(manifestWithTags('Round_trip'), [3000, 150_000]);
    const answer = await imported(file);
    expect(answer).toMatchObject({ importComplete: true, importMessage: 'Collection Imported Successfully', name: 'Round_trip' });
    const created = await loadCollection(answer.collectionId ?? '');
    expect(created.testSuiteName).toBe('Round_trip');
    expect(created.id).not.toBe('source-collection');
    expect(created.tags[0]).toBe(smokeId); // matched by name, ignoring case
    expect(created.tags).toHaveLength(2);
    expect(created.version).not.toBeNull();

    const exported = await download(created.id);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/octet-stream');
    expect(exported.headers.get('accept-ranges')).toBe('bytes');
    expect(exported.headers.get('etag')).toMatch(/^"[\w-]{43}"$/);
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="Round_trip.bin"; filename*=UTF-8''Round_trip.bin`);
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const decoded = await decodeCollectionExport(bytes);
    if (!decoded.ok) throw new Error(decoded.message);
    const original = await decodeCollectionExport(file);
    if (!original.ok) throw new Error(original.message);
    const { testCases, initTestSteps, postTestSteps, hybridDeviceIds, suiteDescription, deviceType, jiraIntegration, scenario, testChainParentId } =
      decoded.manifest.collection;
    expect({ jiraIntegration, scenario, testChainParentId }).toEqual({ jiraIntegration: true, scenario: 'Checkout scenario', testChainParentId: 'far-parent' });
    expect({ testCases, initTestSteps, postTestSteps, hybridDeviceIds, suiteDescription, deviceType }).toEqual({
      testCases: original.manifest.collection.testCases,
      initTestSteps: original.manifest.collection.initTestSteps,
      postTestSteps: original.manifest.collection.postTestSteps,
      hybridDeviceIds: original.manifest.collection.hybridDeviceIds,
      suiteDescription: original.manifest.collection.suiteDescription,
      deviceType: original.manifest.collection.deviceType,
    });
    expect(decoded.manifest.tags.map((tag) => tag.tagName).sort()).toEqual(['Brand_new_tag', 'smoke', 'v1.0']);
    expect([...decoded.attachments.values()].map((attachment) => attachment.length)).toEqual([3000, 150_000]);
    expect([...decoded.attachments.values()][1]).toEqual([...original.attachments.values()][1]);

    // Importing the export again keeps everything but needs a new name.
    const again = await imported(bytes);
    expect(again).toMatchObject({ importComplete: true, name: 'Round_trip imported' });
    const copy = await loadCollection(again.collectionId ?? '');
    expect(copy.tags).toEqual(created.tags);
    expect(copy.version).toBe(created.version);
    expect(copy.testCases).toEqual(created.testCases);
  });

  it('sends exports and their byte ranges on the identity encoding, whatever the client accepts', async () => {
    const { collectionId } = await imported(await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Identity' }) }), [50_000]));
    const url = `${t.baseUrl}${endpoints.importExport.download}?id=${encodeURIComponent(collectionId ?? '')}`;
    const accepts = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const whole = await rawRequest(url, accepts);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(whole.body.length);
    const etag = String(whole.headers.etag);
    const range = await rawRequest(url, { ...accepts, range: 'bytes=1000-8999', 'if-range': etag });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 1000-8999/${whole.body.length}`);
    expect(range.body).toEqual(whole.body.subarray(1000, 9000));
  });

  it('serves ranges of one stable file: 206, If-Range, 304 and 416', async () => {
    const { collectionId } = await imported(await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Ranges' }) }), [200_000]));
    const id = collectionId ?? '';
    const whole = await download(id);
    const etag = whole.headers.get('etag') ?? '';
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const size = bytes.length;

    const middle = await download(id, { range: 'bytes=100-1099', 'if-range': etag });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-1099/${size}`);
    expect(middle.headers.get('content-length')).toBe('1000');
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(bytes.slice(100, 1100));

    const tail = await download(id, { range: `bytes=${size - 10}-` });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(size - 10));
    const suffix = await download(id, { range: 'bytes=-5' });
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(size - 5));

    const stale = await download(id, { range: 'bytes=100-199', 'if-range': '"an-older-file"' });
    expect(stale.status).toBe(200);
    expect(new Uint8Array(await stale.arrayBuffer())).toEqual(bytes);

    const beyond = await download(id, { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(errorBodySchema.parse(await beyond.json()).message).toContain(`${size} bytes`);

    const unchanged = await download(id, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);

    const head = await download(id, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));

    // Another request builds nothing new: the same bytes under the same ETag.
    const later = await download(id);
    expect(later.headers.get('etag')).toBe(etag);
    expect(new Uint8Array(await later.arrayBuffer())).toEqual(bytes);

    const stats = await t.request(`${endpoints.importExport.transferStats}?id=${id}`, { token });
    const counted = exportTransferStatsSchema.parse(await stats.json()).data;
    expect(counted).toMatchObject({ collectionId: id, etag, fileSize: size });
    // Three whole files (the first, the stale If-Range, the later one) and the three ranges; HEAD and 304 send no body.
    expect(counted.bytesSent).toBe(3 * size + 1000 + 10 + 5);

    const missing = await download('no-such-collection');
    expect(missing.status).toBe(404);
  });

  it('exports the references a collection needs, and an import here asks only for what is missing', async () => {
    const saved = await t.request(endpoints.collections.save, {
      method: 'POST',
      token,
      headers: JSON_HEADERS,
      body: JSON.stringify({
        ...sampleCollection({ collectionId: 'new', id: '', testSuiteName: 'Uses_variables' }),
        hybridDeviceIds: { 'browser-1': 'Browser 1', 'gone-phone': 'Old phone' },
        testCases: [
          {
            testCaseId: 'f1',
            testCaseName: 'Flow',
            steps: [
              { stepId: 's1', stepName: 'Set', action: 'setVariable', target: 'local', value: 'x' },
              { stepId: 's2', stepName: 'Open', action: 'open', target: '${BASE_URL}/${path}' },
              { stepId: 's3', stepName: 'Type', action: 'type', target: '#q', value: '${local} ${api_key}' },
            ],
          },
        ],
      }),
    });
    const id = collectionResponseSchema.parse(await saved.json()).data.id;
    const decoded = await decodeCollectionExport(new Uint8Array(await (await download(id)).arrayBuffer()));
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.manifest.references).toEqual({
      resources: [
        { id: 'browser-1', name: 'Browser 1', type: 'DesktopDevice' },
        { id: 'gone-phone', name: 'Old phone', type: 'DesktopDevice' },
      ],
      variables: [
        { id: 'api_key', name: 'api_key' },
        { id: 'path', name: 'path' },
      ],
      emailConfigs: [],
    });
    expect(decoded.manifest.exportedBy).toBe(t.admin.email);

    const reimport = await upload(new Uint8Array(await (await download(id)).arrayBuffer()));
    const answer = importUploadResponseSchema.parse(await reimport.json()).data;
    expect(answer).toMatchObject({ importComplete: false, name: 'Uses_variables imported' });
    const status = importStatusResponseSchema.parse(await (await t.request(endpoints.importExport.status, { token })).json());
    const asked = status.data.find((process) => process.id === answer.statusId)?.importDataRequired.map((item) => item.id);
    expect(asked).toEqual(['collection-name', 'device-gone-phone', 'variable-api_key', 'variable-path']);
  });

  it('rebuilds the file when the collection changes, so a stale If-Range gets the new file whole', async () => {
    const { collectionId } = await imported(await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Changing' }) })));
    const first = await download(collectionId ?? '');
    const etag = first.headers.get('etag') ?? '';
    const collection = await loadCollection(collectionId ?? '');
    const saved = await t.request(endpoints.collections.save, {
      method: 'POST',
      token,
      headers: JSON_HEADERS,
      body: JSON.stringify({ ...collection, suiteDescription: 'changed' }),
    });
    expect(saved.status).toBe(200);
    const resumed = await download(collectionId ?? '', { range: 'bytes=10-', 'if-range': etag });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('etag')).not.toBe(etag);
    const decoded = await decodeCollectionExport(new Uint8Array(await resumed.arrayBuffer()));
    expect(decoded.ok && decoded.manifest.collection.suiteDescription).toBe('changed');
  });

  it('refuses every damaged file with its reason and writes nothing', async () => {
    const valid = await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Never_imported' }) }), [4000]);
    const flipped = valid.slice();
    flipped[valid.length - 1] = flipped[valid.length - 1]! ^ 0xff;
    const wrongVersion = valid.slice();
    wrongVersion[9] = 7;
    const cases: Array<[Uint8Array, string]> = [
      [new TextEncoder().encode('hello'), 'too-short'],
      [new Uint8Array(valid.length).fill(1), 'bad-magic'],
      [wrongVersion, 'unsupported-version'],
      [valid.slice(0, valid.length - 500), 'truncated'],
      [flipped, 'checksum-mismatch'],
    ];
    const before = await collectionCount();
    const processesBefore = (await t.server.services.db.selectFrom('import_processes').select('id').execute()).length;
    for (const [file, reason] of cases) {
      const response = await upload(file);
      expect(response.status, reason).toBe(400);
      const body = errorBodySchema.parse(await response.json());
      expect(body.message).toMatch(/^Collection Import Failed! \S/);
      expect(body.fieldErrors).toEqual({ file: [reason] });
    }
    expect(await collectionCount()).toBe(before);
    expect((await t.server.services.db.selectFrom('import_processes').select('id').execute()).length).toBe(processesBefore);
  });

  it('asks for a file when the form has none', async () => {
    const form = new FormData();
    form.set('other', 'x');
    const response = await t.request(endpoints.importExport.importExport, { method: 'POST', token, body: form });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).fieldErrors).toHaveProperty('file');
    const json = await t.request(endpoints.importExport.importExport, { method: 'POST', token, headers: JSON_HEADERS, body: '{}' });
    expect(json.status).toBe(415);
    expect(errorBodySchema.safeParse(await json.json()).success).toBe(true);
  });

  it('keeps an import with missing references pending until the user resolves them', async () => {
    const now = new Date().toISOString();
    await t.server.services.db
      .insertInto('resources')
      .values({
        id: 'mobile-1',
        device_id: 'mobile-1',
        device_name: 'Pixel',
        device_display_name: 'Team Pixel',
        cmd_device_type: 'MOBILE',
        plugged_in: 1,
        device_in_use: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const collection = sampleCollection({
      testSuiteName: 'Needs_details',
      hybridDeviceIds: { 'far-phone': 'Far phone', 'far-desktop': 'Far desktop' },
      testCases: [
        {
          testCaseId: 'f1',
          testCaseName: 'Sign in',
          testCaseType: 'FLOW',
          loop: 1,
          steps: [{ stepId: 's1', stepName: 'Type user', action: 'type', target: '#user', value: '${user_name}', timeoutMs: 1000 }],
        },
      ],
    });
    const manifest = sampleManifest({
      collection,
      references: {
        resources: [
          { id: 'far-phone', name: 'Far phone', type: 'MobileDevice' },
          { id: 'far-desktop', name: 'Far desktop', type: 'DesktopDevice' },
        ],
        variables: [{ id: 'user_name', name: 'user_name' }],
        emailConfigs: [{ id: 'mail-7', name: 'Team mail' }],
      },
    });
    const before = await collectionCount();
    const answer = await imported(await buildExportFile(manifest));
    expect(answer).toMatchObject({ importComplete: false, collectionId: null, importMessage: 'Needs_details needs 4 more details before it can be imported.' });
    expect(await collectionCount()).toBe(before);

    const status = importStatusResponseSchema.parse(await (await t.request(endpoints.importExport.status, { token })).json());
    const pending = status.data.find((process) => process.id === answer.statusId);
    expect(pending).toMatchObject({ processType: 'IMPORT', status: 'PENDING', importId: answer.statusId, name: 'Needs_details' });
    expect(pending?.importDataRequired.map((item) => [item.id, item.type, item.currentData])).toEqual([
      ['collection-name', 'String', 'Needs_details'],
      ['device-far-phone', 'MobileDevice', 'far-phone'],
      ['device-far-desktop', 'DesktopDevice', 'far-desktop'],
      ['variable-user_name', 'String', 'user_name'],
      ['emailconfig-mail-7', 'EmailConfig', 'mail-7'],
    ]);

    // Another user neither sees nor resolves it.
    const other = await t.tokenFor(await t.createUser(['STUDIO']));
    const othersView = importStatusResponseSchema.parse(await (await t.request(endpoints.importExport.status, { token: other })).json());
    expect(othersView.data).toEqual([]);
    expect((await resolve({ importId: answer.statusId, dataUpdated: [] }, other)).status).toBe(404);

    const wrong = await resolve({
      importId: answer.statusId,
      dataUpdated: [
        { id: 'device-far-phone', data: 'browser-1' },
        { id: 'device-nothing', data: 'x' },
        { id: 'variable-user_name', data: 'not a name' },
        { id: 'collection-name', data: 'Bad!name' },
      ],
    });
    expect(wrong.status).toBe(400);
    const wrongBody = errorBodySchema.parse(await wrong.json());
    expect(wrongBody.message).toMatch(/^Needs_details Update Failed: /);
    expect(wrongBody.fieldErrors).toEqual({
      'dataUpdated.0.data': ['Resource browser-1 is not a mobile resource.'],
      'dataUpdated.1.id': ['NotFound'],
      'dataUpdated.2.data': ['"not a name" is not a variable name (letters, digits and underscores).'],
      'dataUpdated.3.data': ['Special characters are not allowed!'],
    });
    const blank = await resolve({ importId: answer.statusId, dataUpdated: [{ id: 'device-far-phone', data: '  ' }] });
    expect(blank.status).toBe(400);

    const partial = pendingImportUpdateResponseSchema.parse(
      await (
        await resolve({
          importId: answer.statusId,
          action: 'UPDATE',
          dataUpdated: [
            { id: 'device-far-phone', data: 'mobile-1' },
            { id: 'collection-name', data: 'Resolved suite' },
          ],
        })
      ).json(),
    );
    expect(partial.data).toMatchObject({ importComplete: false, importMessage: 'Resolved suite needs 3 more details before it can be imported.' });
    expect(partial.data.importDataRequired.map((item) => item.id)).toEqual(['collection-name', 'device-far-desktop', 'variable-user_name', 'emailconfig-mail-7']);

    const done = await resolve({
      importId: answer.statusId,
      dataUpdated: [
        { id: 'device-far-desktop', data: 'browser-1' },
        { id: 'variable-user_name', data: 'login' },
        { id: 'emailconfig-mail-7', data: 'mail-here' },
      ],
    });
    expect(done.status).toBe(200);
    const completed = pendingImportUpdateResponseSchema.parse(await done.json());
    expect(completed).toMatchObject({ message: 'Collection Updated Successfully', data: { importComplete: true, importMessage: 'Collection Updated Successfully' } });
    const created = await loadCollection(completed.data.collectionId ?? '');
    expect(created.testSuiteName).toBe('Resolved suite');
    expect(Object.keys(created.hybridDeviceIds).sort()).toEqual(['browser-1', 'mobile-1']);
    expect(created.hybridDeviceIds['mobile-1']).toBe('Team Pixel');
    expect(created.testCases[0]?.steps[0]?.value).toBe('${login}');

    const after = importStatusResponseSchema.parse(await (await t.request(endpoints.importExport.status, { token })).json());
    expect(after.data.find((process) => process.id === answer.statusId)).toMatchObject({ status: 'COMPLETED', collectionId: created.id, importDataRequired: [] });
    const repeat = await resolve({ importId: answer.statusId, dataUpdated: [] });
    expect(repeat.status).toBe(409);
  });

  it('cancels a pending import', async () => {
    const manifest = sampleManifest({
      collection: sampleCollection({ testSuiteName: 'To_cancel', hybridDeviceIds: { 'far-1': 'Far' } }),
      references: { resources: [{ id: 'far-1', name: 'Far', type: 'MobileDevice' }], variables: [], emailConfigs: [] },
    });
    const answer = await imported(await buildExportFile(manifest));
    const cancelled = pendingImportUpdateResponseSchema.parse(await (await resolve({ importId: answer.statusId, action: 'CANCEL' })).json());
    expect(cancelled).toMatchObject({ message: 'Import cancelled.', data: { importComplete: false } });
    const status = importStatusResponseSchema.parse(await (await t.request(endpoints.importExport.status, { token })).json());
    expect(status.data.find((process) => process.id === answer.statusId)?.status).toBe('CANCELLED');
  });

  it('creates one collection for an upload replayed under the same Idempotency-Key', async () => {
    const file = await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Replayed' }) }), [10_000]);
    const before = await collectionCount();
    const key = { [IDEMPOTENCY_HEADER]: 'upload-replay-1' };
    const [first, second] = await Promise.all([upload(file, key), upload(file, key)]);
    const third = await upload(file, key);
    const bodies = await Promise.all([first, second, third].map(async (response) => importUploadResponseSchema.parse(await response.json())));
    expect(new Set(bodies.map((body) => body.data.collectionId)).size).toBe(1);
    expect([first, second, third].filter((response) => response.headers.get(REPLAYED_HEADER) === 'true')).toHaveLength(2);
    expect(await collectionCount()).toBe(before + 1);
  });

  it('answers 413 to an upload over the limit without reading it', async () => {
    const url = new URL(endpoints.importExport.importExport, t.baseUrl);
    const status = await new Promise<number>((resolveStatus, reject) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(MAX_IMPORT_FILE_BYTES + 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolveStatus(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.write(incompressibleBytes(1024));
    });
    expect(status).toBe(413);
  });

  it('keeps transfer statistics for administrators only', async () => {
    const { collectionId } = await imported(await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Stats' }) })));
    const studioOnly = await t.tokenFor(await t.createUser(['STUDIO']));
    const denied = await t.request(`${endpoints.importExport.transferStats}?id=${collectionId}`, { token: studioOnly });
    expect(denied.status).toBe(403);
    const notBuilt = await t.request(`${endpoints.importExport.transferStats}?id=${collectionId}`, { token });
    expect(notBuilt.status).toBe(404);
  });
});
