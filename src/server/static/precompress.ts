import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
// With its extension: vite.config.ts imports this module, and Vite's native config loader needs one.
import { compress, CONTENT_ENCODINGS, ENCODED_FILE_SUFFIX } from '../http/contentEncoding.ts';

/** Text files worth compressing; images and fonts are compressed formats already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.map', '.txt', '.svg', '.xml']);

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase());
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

export interface PrecompressReport {
  files: number;
  written: number;
}

/**
 * Writes a brotli and a gzip copy beside every text file under `dir` (the build's output), at the highest levels, for
 * the server to send as they are. A copy that would not be smaller than its file is not written.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressReport> {
  const files = (await filesUnder(dir)).filter(isCompressible);
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      for (const encoding of CONTENT_ENCODINGS) {
        const encoded = await compress(body, encoding, 'highest');
        if (encoded.byteLength >= body.byteLength) continue;
        await writeFile(`${file}${ENCODED_FILE_SUFFIX[encoding]}`, encoded);
        written += 1;
      }
    }),
  );
  return { files: files.length, written };
}
