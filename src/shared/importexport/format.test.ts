import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildExportFile, sampleManifest } from '../../../tests/support/collection-export';
import {
  checkExportIntegrity,
  decodeCollectionExport,
  HEADER_BYTES,
  MANIFEST_ENTRY,
  sha256,
  type DecodeFailureReason,
} from './format';

/** A file whose payload is `entries` zipped, with a correct header and checksum: damage inside the payload only. */
async function fileWithPayload(entries: Record<string, Uint8Array>): Promise<Uint8Array> {
  const valid = await buildExportFile();
  const payload = zipSync(entries);
  const file = new Uint8Array(HEADER_BYTES + payload.length);
  file.set(valid.subarray(0, HEADER_BYTES));
  new DataView(file.buffer).setBigUint64(12, BigInt(payload.length));
  file.set(await sha256(payload), 20);
  file.set(payload, HEADER_BYTES);
  return file;
}

async function reasonOf(file: Uint8Array): Promise<DecodeFailureReason | 'ok'> {
  const decoded = await decodeCollectionExport(file);
  return decoded.ok ? 'ok' : decoded.reason;
}

describe('collection export format', () => {
  it("keeps a collection's retries, and reads a file written before retries as 0 (issue 29)", async () => {
    const withRetries = sampleManifest();
    withRetries.collection = { ...withRetries.collection, retries: 2 };
    const decoded = await decodeCollectionExport(await buildExportFile(withRetries));
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.manifest.collection.retries).toBe(2);

    const older = sampleManifest();
    const { retries: _dropped, ...collectionWithout } = older.collection;
    const oldFile = await buildExportFile({ ...older, collection: collectionWithout as typeof older.collection });
    const decodedOld = await decodeCollectionExport(oldFile);
    if (!decodedOld.ok) throw new Error(decodedOld.message);
    expect(decodedOld.manifest.collection.retries).toBe(0);
  });

  it('round-trips the manifest and the attachment bytes', async () => {
    const manifest = sampleManifest({
      tags: [{ id: 'tag-1', tagName: 'smoke', tagType: 'ORGANIZATION_TAG', hideTag: false }],
      references: {
        resources: [{ id: 'browser-1', name: 'Browser 1', type: 'DesktopDevice' }],
        variables: [{ id: 'user', name: 'user' }],
        emailConfigs: [],
      },
    });
    const file = await buildExportFile(manifest, [1000, 0, 70_000]);
    const decoded = await decodeCollectionExport(file);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.manifest.collection).toEqual(manifest.collection);
    expect(decoded.manifest.tags).toEqual(manifest.tags);
    expect(decoded.manifest.references).toEqual(manifest.references);
    expect(decoded.manifest.attachments.map((a) => a.size)).toEqual([1000, 0, 70_000]);
    expect(decoded.attachments.get('attachment-3')?.length).toBe(70_000);
    expect(decoded.header).toMatchObject({ formatVersion: 1, checksumAlgorithm: 1, container: 1, payloadLength: file.length - HEADER_BYTES });
  });

  it('writes the same bytes for the same contents', async () => {
    expect(await buildExportFile(sampleManifest(), [10])).toEqual(await buildExportFile(sampleManifest(), [10]));
  });

  it('gives a specific reason for every kind of damage', async () => {
    const valid = await buildExportFile(sampleManifest(), [5000]);
    const changed = (offset: number, value: number) => {
      const copy = valid.slice();
      copy[offset] = value;
      return copy;
    };
    const extended = new Uint8Array(valid.length + 3);
    extended.set(valid);

    expect(await reasonOf(valid.slice(0, 20))).toBe('too-short');
    expect(await reasonOf(changed(0, 0x41))).toBe('bad-magic');
    expect(await reasonOf(changed(9, 2))).toBe('unsupported-version');
    expect(await reasonOf(changed(10, 9))).toBe('unsupported-checksum');
    expect(await reasonOf(changed(11, 7))).toBe('unsupported-container');
    expect(await reasonOf(valid.slice(0, valid.length - 100))).toBe('truncated');
    expect(await reasonOf(extended)).toBe('trailing-bytes');
    expect(await reasonOf(changed(valid.length - 10, valid[valid.length - 10]! ^ 0xff))).toBe('checksum-mismatch');
    expect(await reasonOf(changed(25, valid[25]! ^ 0xff))).toBe('checksum-mismatch');

    const notZip = new TextEncoder().encode('definitely not a zip archive');
    const garbage = await fileWithPayload({});
    const withGarbage = new Uint8Array(HEADER_BYTES + notZip.length);
    withGarbage.set(garbage.subarray(0, HEADER_BYTES));
    new DataView(withGarbage.buffer).setBigUint64(12, BigInt(notZip.length));
    withGarbage.set(await sha256(notZip), 20);
    withGarbage.set(notZip, HEADER_BYTES);
    expect(await reasonOf(withGarbage)).toBe('bad-compression');

    expect(await reasonOf(await fileWithPayload({ 'other.txt': new Uint8Array(3) }))).toBe('malformed-payload');
    const encoder = new TextEncoder();
    expect(await reasonOf(await fileWithPayload({ [MANIFEST_ENTRY]: encoder.encode('{not json') }))).toBe('schema-mismatch');
    expect(await reasonOf(await fileWithPayload({ [MANIFEST_ENTRY]: encoder.encode('{"collection":{}}') }))).toBe('schema-mismatch');
    const missingAttachment = { ...sampleManifest(), attachments: [{ id: 'a1', name: 'a.webm', mediaType: 'video/webm', size: 4 }] };
    expect(await reasonOf(await fileWithPayload({ [MANIFEST_ENTRY]: encoder.encode(JSON.stringify(missingAttachment)) }))).toBe(
      'malformed-payload',
    );
    expect(
      await reasonOf(
        await fileWithPayload({ [MANIFEST_ENTRY]: encoder.encode(JSON.stringify(missingAttachment)), 'attachments/a1': new Uint8Array(9) }),
      ),
    ).toBe('malformed-payload');
  });

  it('says what is wrong in words', async () => {
    const valid = await buildExportFile();
    const truncated = await checkExportIntegrity(valid.slice(0, valid.length - 7));
    expect(truncated).toMatchObject({ ok: false, message: expect.stringMatching(/^The file is truncated: its header announces \d+ payload bytes but only \d+ are present\.$/) });
    const schema = await decodeCollectionExport(await fileWithPayload({ [MANIFEST_ENTRY]: new TextEncoder().encode('{"collection":{}}') }));
    expect(schema).toMatchObject({ ok: false, message: expect.stringContaining('collection.testSuiteName') });
  });
});
