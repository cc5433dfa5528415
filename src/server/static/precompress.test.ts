import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of every text file that gets smaller, and none of images or tiny files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = 'const answer = 42;\n'.repeat(300);
    writeFileSync(join(dir, 'assets', 'index-Abc.js'), script);
    writeFileSync(join(dir, 'sw.js'), script);
    writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Studio', icons: Array(20).fill({ src: 'icon.png' }) }));
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4000, 7));

    const report = await precompressDirectory(dir);

    expect(report.files).toBe(4);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-Abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-Abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'sw.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'manifest.webmanifest.gz'))).toBe(true);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.css.gz'))).toBe(false);
    expect(existsSync(join(dir, 'icon.png.br'))).toBe(false);
    expect(report.written).toBe(6);
  });
});
