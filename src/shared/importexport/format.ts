import { unzipSync, zipSync, type UnzipFileInfo, type Zippable } from 'fflate';
import { exportManifestSchema, type AttachmentEntry, type ExportManifest } from './manifest';

/**
 * The collection export file (.bin), version 1; docs/import-export-format.md describes it byte by byte.
 * Pure code on Uint8Array and Web Crypto, so the server writes and reads it and the client checks a download.
 *
 *   offset  size  field
 *        0     8  magic "STUDIOEX"
 *        8     2  format version, big-endian (1)
 *       10     1  checksum algorithm (1 = SHA-256)
 *       11     1  payload container (1 = ZIP written by fflate)
 *       12     8  payload length in bytes, big-endian
 *       20    32  checksum of the payload bytes
 *       52     …  payload: manifest.json and attachments/<id>
 */
export const EXPORT_MAGIC = 'STUDIOEX';
export const EXPORT_FORMAT_VERSION = 1;
export const CHECKSUM_SHA256 = 1;
export const CONTAINER_ZIP = 1;
export const HEADER_BYTES = 52;
export const CHECKSUM_BYTES = 32;
export const EXPORT_FILE_EXTENSION = '.bin';
export const MANIFEST_ENTRY = 'manifest.json';
export const ATTACHMENT_PREFIX = 'attachments/';
/** Decompressed contents larger than this are refused before inflating (a small file must not expand to gigabytes). */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

/** Media types that are compressed already: stored as they are, since deflating them again costs time for nothing. */
const PRECOMPRESSED_MEDIA_TYPES = /^(image\/(png|jpeg|gif|webp)|video\/|audio\/|application\/(zip|gzip|x-7z-compressed|pdf|octet-stream))/;
const MANIFEST_DEFLATE_LEVEL = 6;
/** Every ZIP entry gets this modification time, so the same contents always give the same bytes. */
const ENTRY_TIME = new Date(Date.UTC(2000, 0, 1));

export type DecodeFailureReason =
  | 'too-short'
  | 'bad-magic'
  | 'unsupported-version'
  | 'unsupported-checksum'
  | 'unsupported-container'
  | 'truncated'
  | 'trailing-bytes'
  | 'checksum-mismatch'
  | 'bad-compression'
  | 'malformed-payload'
  | 'schema-mismatch';

export interface DecodeFailure {
  ok: false;
  reason: DecodeFailureReason;
  /** A sentence for the user, shown after 'Collection Import Failed!'. */
  message: string;
}

export interface ExportHeader {
  formatVersion: number;
  checksumAlgorithm: number;
  container: number;
  payloadLength: number;
  checksum: Uint8Array;
}

export interface DecodedExport {
  ok: true;
  header: ExportHeader;
  manifest: ExportManifest;
  /** Attachment bytes by attachment id, one for every manifest.attachments entry. */
  attachments: Map<string, Uint8Array>;
}

export interface IntegrityCheck {
  ok: true;
  header: ExportHeader;
  payload: Uint8Array;
}

export interface ExportContents {
  manifest: ExportManifest;
  attachments: ReadonlyMap<string, Uint8Array>;
}

const encoder = new TextEncoder();

function fail(reason: DecodeFailureReason, message: string): DecodeFailure {
  return { ok: false, reason, message };
}

export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

function zipLevel(attachment: AttachmentEntry): 0 | 6 {
  return PRECOMPRESSED_MEDIA_TYPES.test(attachment.mediaType.toLowerCase()) ? 0 : MANIFEST_DEFLATE_LEVEL;
}

/** Writes a .bin of `contents`; every manifest attachment must have its bytes, of the size the manifest says. */
export async function encodeCollectionExport(contents: ExportContents): Promise<Uint8Array> {
  const manifest = exportManifestSchema.parse(contents.manifest);
  const entries: Zippable = { [MANIFEST_ENTRY]: [encoder.encode(JSON.stringify(manifest)), { level: MANIFEST_DEFLATE_LEVEL, mtime: ENTRY_TIME }] };
  for (const attachment of manifest.attachments) {
    const bytes = contents.attachments.get(attachment.id);
    if (!bytes || bytes.length !== attachment.size) {
      throw new Error(`Attachment ${attachment.id} has ${bytes?.length ?? 'no'} bytes; the manifest says ${attachment.size}`);
    }
    entries[`${ATTACHMENT_PREFIX}${attachment.id}`] = [bytes, { level: zipLevel(attachment), mtime: ENTRY_TIME }];
  }
  const payload = zipSync(entries);
  const file = new Uint8Array(HEADER_BYTES + payload.length);
  const view = new DataView(file.buffer);
  file.set(encoder.encode(EXPORT_MAGIC), 0);
  view.setUint16(8, EXPORT_FORMAT_VERSION);
  view.setUint8(10, CHECKSUM_SHA256);
  view.setUint8(11, CONTAINER_ZIP);
  view.setBigUint64(12, BigInt(payload.length));
  file.set(await sha256(payload), 20);
  file.set(payload, HEADER_BYTES);
  return file;
}

/** The header checks and the checksum, without unpacking: what a client runs on a finished download. */
export async function checkExportIntegrity(file: Uint8Array): Promise<IntegrityCheck | DecodeFailure> {
  if (file.length < HEADER_BYTES) {
    return fail('too-short', `The file is too short to be a collection export: it has ${file.length} bytes and the header alone takes ${HEADER_BYTES}.`);
  }
  if (!sameBytes(file.subarray(0, EXPORT_MAGIC.length), encoder.encode(EXPORT_MAGIC))) {
    return fail('bad-magic', `The file is not a collection export: it does not start with ${EXPORT_MAGIC}.`);
  }
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const header: ExportHeader = {
    formatVersion: view.getUint16(8),
    checksumAlgorithm: view.getUint8(10),
    container: view.getUint8(11),
    payloadLength: Number(view.getBigUint64(12)),
    checksum: file.slice(20, 20 + CHECKSUM_BYTES),
  };
  if (header.formatVersion !== EXPORT_FORMAT_VERSION) {
    return fail(
      'unsupported-version',
      `The file uses export format version ${header.formatVersion}; this Studio reads version ${EXPORT_FORMAT_VERSION}.`,
    );
  }
  if (header.checksumAlgorithm !== CHECKSUM_SHA256) {
    return fail('unsupported-checksum', `The file's checksum algorithm ${header.checksumAlgorithm} is unknown (1 is SHA-256).`);
  }
  if (header.container !== CONTAINER_ZIP) {
    return fail('unsupported-container', `The file's payload container ${header.container} is unknown (1 is ZIP).`);
  }
  const present = file.length - HEADER_BYTES;
  if (present < header.payloadLength) {
    return fail('truncated', `The file is truncated: its header announces ${header.payloadLength} payload bytes but only ${present} are present.`);
  }
  if (present > header.payloadLength) {
    return fail('trailing-bytes', `The file has ${present - header.payloadLength} unexpected bytes after its payload.`);
  }
  const payload = file.subarray(HEADER_BYTES);
  if (!sameBytes(await sha256(payload), header.checksum)) {
    return fail('checksum-mismatch', 'The file is corrupt: the SHA-256 checksum of its payload does not match the header.');
  }
  return { ok: true, header, payload };
}

function unzip(payload: Uint8Array): { ok: true; files: Record<string, Uint8Array> } | DecodeFailure {
  let unpacked = 0;
  let oversized = false;
  try {
    const entries = unzipSync(payload, {
      filter: (info: UnzipFileInfo) => {
        unpacked += info.originalSize;
        oversized ||= unpacked > MAX_UNPACKED_BYTES;
        return !oversized;
      },
    });
    if (oversized) return fail('malformed-payload', `The payload unpacks to more than ${MAX_UNPACKED_BYTES} bytes.`);
    return { ok: true, files: entries };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fail('bad-compression', `The payload cannot be decompressed (${detail}).`);
  }
}

function parseManifest(bytes: Uint8Array): { ok: true; manifest: ExportManifest } | DecodeFailure {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return fail('schema-mismatch', `The export's ${MANIFEST_ENTRY} is not valid JSON.`);
  }
  const parsed = exportManifestSchema.safeParse(document);
  if (parsed.success) return { ok: true, manifest: parsed.data };
  const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return fail('schema-mismatch', `The export's contents do not match the expected structure: ${problems.join('; ')}.`);
}

/** Reads a .bin completely; every kind of damage gives a failure with its own reason and message, never a throw. */
export async function decodeCollectionExport(file: Uint8Array): Promise<DecodedExport | DecodeFailure> {
  const integrity = await checkExportIntegrity(file);
  if (!integrity.ok) return integrity;
  const unzipped = unzip(integrity.payload);
  if (!unzipped.ok) return unzipped;
  const { files } = unzipped;
  const manifestBytes = files[MANIFEST_ENTRY];
  if (!manifestBytes) return fail('malformed-payload', `The payload has no ${MANIFEST_ENTRY}.`);
  const parsedManifest = parseManifest(manifestBytes);
  if (!parsedManifest.ok) return parsedManifest;
  const { manifest } = parsedManifest;
  const attachments = new Map<string, Uint8Array>();
  for (const attachment of manifest.attachments) {
    const bytes = files[`${ATTACHMENT_PREFIX}${attachment.id}`];
    if (!bytes) return fail('malformed-payload', `The attachment ${attachment.name} is missing from the payload.`);
    if (bytes.length !== attachment.size) {
      return fail('malformed-payload', `The attachment ${attachment.name} has ${bytes.length} bytes; the manifest says ${attachment.size}.`);
    }
    attachments.set(attachment.id, bytes);
  }
  return { ok: true, header: integrity.header, manifest, attachments };
}
