import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { authBackend } from '../../../../tests/msw/auth-backend';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { importExportBackend } from '../../../../tests/msw/importexport';
import { server } from '../../../../tests/msw/server';
import { buildExportFile, sampleCollection, sampleManifest } from '../../../../tests/support/collection-export';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';
import { isImportProcess } from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';
import { exportDownloadPath, exportFileProblem } from './export-file';
import { importStatusQuery } from './import-status';
import { updatePendingImport } from './update-pending-import';

async function uploadThroughApi(file: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), 'collection.bin');
  return apiFetch(endpoints.importExport.importExport, { method: 'POST', body: form });
}

describe('import/export api', () => {
  beforeEach(() => {
    importExportBackend.reset();
    setSession(authBackend.issueSession(authBackend.addUser()));
  });

  it('lists a pending import from getStatus and completes it through the pending-import update', async () => {
    const manifest = sampleManifest({
      collection: sampleCollection({ testSuiteName: 'Phone_suite', hybridDeviceIds: { 'far-phone': 'Far phone' } }),
      references: { resources: [{ id: 'far-phone', name: 'Far phone', type: 'MobileDevice' }], variables: [], emailConfigs: [] },
    });
    expect((await uploadThroughApi(await buildExportFile(manifest))).status).toBe(200);

    const queries = new QueryClient();
    // fetchQuery answers the shared getStatus list whole (a query's select applies to observers only).
    const [pending] = (await queries.fetchQuery(importStatusQuery())).filter(isImportProcess);
    expect(pending).toMatchObject({ status: 'PENDING', name: 'Phone_suite' });
    expect(pending?.importDataRequired.map((item) => item.id)).toEqual(['collection-name', 'device-far-phone']);

    const answer = await updatePendingImport(
      { importId: pending?.importId ?? '', action: 'UPDATE', dataUpdated: [{ id: 'device-far-phone', data: 'mobile-1' }] },
      'Phone_suite',
    );
    expect(answer).toMatchObject({ message: 'Collection Updated Successfully', data: { importComplete: true } });
  });

  it("falls back to '{name} Update Failed' when the server gives no message", async () => {
    server.use(http.put(anyOrigin(endpoints.importExport.importExport), () => new HttpResponse(null, { status: 500 })));
    const failure = updatePendingImport({ importId: 'import-1', dataUpdated: [] }, 'Phone_suite');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Phone_suite Update Failed' });
  });

  it('checks a downloaded export: a whole file passes, a cut one says it is truncated', async () => {
    const file = await buildExportFile(sampleManifest(), [2048]);
    expect(await exportFileProblem(new Blob([file as Uint8Array<ArrayBuffer>]))).toBeNull();
    expect(await exportFileProblem(new Blob([file.slice(0, file.length - 1) as Uint8Array<ArrayBuffer>]))).toMatch(/^The file is truncated/);
    expect(exportDownloadPath('a b')).toBe('/api/rta/AndroidAutomationServer/api/importexport?id=a%20b');
  });
});
