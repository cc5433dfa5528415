import { collectionSchema, type Collection } from '../../src/shared/contracts/collections';
import { encodeCollectionExport } from '../../src/shared/importexport/format';
import type { AttachmentEntry, ExportManifest } from '../../src/shared/importexport/manifest';

/** A small valid collection as an export carries it: one flow of two steps, no tags. */
export function sampleCollection(overrides: Partial<Collection> = {}): Collection {
  return collectionSchema.parse({
    collectionId: 'source-collection',
    id: 'source-collection',
    testSuiteName: 'Exported_Suite',
    suiteDescription: 'Made by the export fixtures',
    deviceType: 'BROWSER',
    testCases: [
      {
        testCaseId: 'flow-1',
        testCaseName: 'Flow 1',
        steps: [
          { stepId: 'step-1', stepName: 'Open', action: 'open', target: '${BASE_URL}/demo-app/' },
          { stepId: 'step-2', stepName: 'Title', action: 'assertTitle', value: 'Demo' },
        ],
      },
    ],
    ...overrides,
  });
}

export function sampleManifest(overrides: Partial<ExportManifest> = {}): ExportManifest {
  return {
    exportedAt: '2026-01-02T03:04:05.000Z',
    exportedBy: 'someone@elsewhere.test',
    collection: sampleCollection(),
    tags: [],
    references: { resources: [], variables: [], emailConfigs: [] },
    attachments: [],
    ...overrides,
  };
}

/** Attachment bytes that do not compress (a counter-mode xorshift stream), so a file of N bytes stays about N bytes. */
export function incompressibleBytes(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

/** A .bin of `manifest` whose attachments are one per entry of `attachmentSizes` (video/webm, stored as is). */
export async function buildExportFile(manifest: ExportManifest = sampleManifest(), attachmentSizes: readonly number[] = []): Promise<Uint8Array> {
  const entries: AttachmentEntry[] = attachmentSizes.map((size, index) => ({
    id: `attachment-${index + 1}`,
    name: `recording-${index + 1}.webm`,
    mediaType: 'video/webm',
    size,
  }));
  const attachments = new Map(entries.map((entry, index) => [entry.id, incompressibleBytes(entry.size, index + 1)]));
  return encodeCollectionExport({ manifest: { ...manifest, attachments: entries }, attachments });
}
