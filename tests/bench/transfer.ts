/**
 * Transfer benchmark (issue 5): a collection export of at least 20 MB downloaded with plain fetch and Range requests,
 * cut 5 times mid-stream and resumed each time from the bytes received (If-Range pins the file). Prints
 * `interrupted-download-bytes-ratio: N x`, the body bytes the server counted as sent divided by the file size
 * (target at most 1.02; restarting from zero each time would be about 3). Run alone with
 * `node --import tsx tests/bench/transfer.ts`.
 */
import { pathToFileURL } from 'node:url';
import { exportTransferStatsSchema, importUploadResponseSchema } from '../../src/shared/contracts/importexport';
import { endpoints } from '../../src/shared/endpoints';
import { checkExportIntegrity } from '../../src/shared/importexport/format';
import { startTestServer, type TestServer } from '../../src/server/testing/testServer';
import { buildExportFile, sampleCollection, sampleManifest } from '../support/collection-export';

const ATTACHMENT_BYTES = 20 * 1024 * 1024;
const INTERRUPTIONS = 5;

export interface TransferBench {
  fileSize: number;
  bytesSent: number;
  ratio: number;
}

async function importLargeCollection(t: TestServer, token: string): Promise<string> {
  const file = await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Transfer_bench' }) }), [ATTACHMENT_BYTES]);
  const form = new FormData();
  form.set('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), 'bench.bin');
  const response = await t.request(endpoints.importExport.importExport, { method: 'POST', token, body: form });
  const answer = importUploadResponseSchema.parse(await response.json());
  if (!answer.data.collectionId) throw new Error(`The bench collection was not imported: ${answer.data.importMessage}`);
  return answer.data.collectionId;
}

/**
 * Downloads `url` into one buffer: each attempt asks for the bytes not received yet and, until the last, is aborted
 * once it has brought in about 1/(INTERRUPTIONS + 1) of the file.
 */
async function interruptedDownload(t: TestServer, url: string, token: string): Promise<Uint8Array> {
  const head = await t.request(url, { method: 'HEAD', token });
  const size = Number(head.headers.get('content-length'));
  const etag = head.headers.get('etag') ?? '';
  const received = new Uint8Array(size);
  let offset = 0;
  for (let attempt = 0; offset < size; attempt += 1) {
    const stopAt = attempt < INTERRUPTIONS ? Math.floor((size * (attempt + 1)) / (INTERRUPTIONS + 1)) : size;
    const controller = new AbortController();
    const response = await t.request(url, { token, headers: { range: `bytes=${offset}-`, 'if-range': etag }, signal: controller.signal });
    if (response.status !== 206 || !response.body) throw new Error(`Expected 206, got ${response.status}`);
    const reader = response.body.getReader();
    try {
      while (offset < stopAt) {
        const { done, value } = await reader.read();
        if (done) break;
        received.set(value, offset);
        offset += value.length;
      }
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  }
  return received;
}

export async function runTransferBench(print: (line: string) => void = console.log): Promise<TransferBench> {
  const t = await startTestServer({ browserPoolSize: 0 });
  try {
    const token = await t.tokenFor(t.admin);
    const collectionId = await importLargeCollection(t, token);
    const url = `${endpoints.importExport.download}?id=${collectionId}`;
    const file = await interruptedDownload(t, url, token);
    const integrity = await checkExportIntegrity(file);
    if (!integrity.ok) throw new Error(`The resumed download is damaged: ${integrity.message}`);
    // Let the aborted responses' last writes settle before reading the counter.
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    const stats = exportTransferStatsSchema.parse(await (await t.request(`${endpoints.importExport.transferStats}?id=${collectionId}`, { token })).json());
    const result = { fileSize: file.length, bytesSent: stats.data.bytesSent, ratio: stats.data.bytesSent / file.length };
    print(`interrupted-download-file-size: ${(file.length / (1024 * 1024)).toFixed(1)} MB`);
    print(`interrupted-download-bytes-ratio: ${result.ratio.toFixed(3)} x`);
    return result;
  } finally {
    await t.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTransferBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
