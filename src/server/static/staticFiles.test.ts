import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/rawRequest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { precompressDirectory } from './precompress';
import { NOT_BUILT_MESSAGE } from './staticFiles';

const INDEX = '<!doctype html><title>Studio</title>';

function writeFixture(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

async function startWithBuild(): Promise<TestServer> {
  const t = await startTestServer();
  writeFixture(join(t.dataDir, 'dist'), {
    'index.html': INDEX,
    'assets/index-Abc123.js': 'console.log("app")',
    'sw.js': 'self.skipWaiting()',
    'manifest.webmanifest': '{"name":"Studio"}',
    'assets/studio_config.json': '{"stale":true}',
  });
  writeFixture(join(t.dataDir, 'public'), { 'assets/studio_config.json': '{"Studio":{"newUI":true}}' });
  return t;
}

describe('static app serving', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it('redirects / to /studio/ and serves index.html for app routes without caching', async () => {
    t = await startWithBuild();
    const root = await t.request('/', { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/studio/');
    for (const path of ['/studio/', '/studio/login', '/studio/configuration-management/resources']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(INDEX);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and 404s missing files instead of falling back', async () => {
    t = await startWithBuild();
    const asset = await t.request('/studio/assets/index-Abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/studio/assets/index-Gone99.js', '/studio/missing.js', '/studio/assets/chunk']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toBe(INDEX);
    }
  });

  it('serves the service worker and manifest with revalidation and the right types', async () => {
    t = await startWithBuild();
    const sw = await t.request('/studio/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toContain('text/javascript');
    const manifest = await t.request('/studio/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
  });

  it('serves the runtime config from PUBLIC_DIR, not from the build', async () => {
    t = await startWithBuild();
    const config = await t.request('/studio/assets/studio_config.json?v=123');
    expect(config.status).toBe(200);
    expect(await config.json()).toEqual({ Studio: { newUI: true } });
    expect(config.headers.get('cache-control')).toBe('no-cache');
  });

  it('never falls back to the app for /api paths', async () => {
    t = await startWithBuild();
    const response = await t.request('/api/studio/login');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('refuses paths escaping the build directory', async () => {
    t = await startWithBuild();
    writeFixture(t.dataDir, { 'secret.txt': 'secret' });
    for (const path of ['/studio/%2e%2e/secret.txt', '/studio/..%2Fsecret.txt']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toBe('secret');
    }
  });

  it('answers 503 with instructions when the app is not built', async () => {
    t = await startTestServer();
    const response = await t.request('/studio/');
    expect(response.status).toBe(503);
    expect(await response.text()).toBe(NOT_BUILT_MESSAGE);
  });

  describe('compressed delivery', () => {
    /** A script large enough to compress, as the build writes it, with its brotli and gzip copies beside it. */
    const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{"id":${index},"name":"row ${index}"}`).join(',')}];\n`;

    async function startWithPrecompressedBuild(): Promise<TestServer> {
      t = await startWithBuild();
      writeFixture(join(t.dataDir, 'dist'), { 'assets/big-Abc123.js': SCRIPT });
      await precompressDirectory(join(t.dataDir, 'dist'));
      return t;
    }

    it('sends the build\'s brotli or gzip copy by Accept-Encoding, with Vary, keeping the immutable caching', async () => {
      t = await startWithPrecompressedBuild();
      const url = `${t.baseUrl}/studio/assets/big-Abc123.js`;
      const brotli = await rawRequest(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toBe('Accept-Encoding');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
      expect(brotli.body.length).toBeLessThan(SCRIPT.length / 4);
      expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);

      const gzip = await rawRequest(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

      const identity = await rawRequest(url);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toBe('Accept-Encoding');
      expect(identity.body.toString()).toBe(SCRIPT);

      const refused = await rawRequest(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();

      const tags = [brotli, gzip, identity].map((response) => response.headers.etag);
      expect(new Set(tags).size).toBe(3);
    });

    it('answers a matching If-None-Match with a bodiless 304 for the encoding it would send', async () => {
      t = await startWithPrecompressedBuild();
      const url = `${t.baseUrl}/studio/index.html`;
      writeFixture(join(t.dataDir, 'dist'), { 'index.html': `<!doctype html><title>Studio</title>${'<p>padding</p>'.repeat(200)}` });
      await precompressDirectory(join(t.dataDir, 'dist'));
      const first = await rawRequest(url, { 'accept-encoding': 'br' });
      const tag = String(first.headers.etag);
      const again = await rawRequest(url, { 'accept-encoding': 'br', 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      // The gzip copy is another representation: the brotli copy's tag does not validate it.
      const gzip = await rawRequest(url, { 'accept-encoding': 'gzip', 'if-none-match': tag });
      expect(gzip.status).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });

    it('compresses a file edited after the build itself instead of sending its stale copy', async () => {
      t = await startWithPrecompressedBuild();
      const edited = SCRIPT.replace('row 1"', 'row one"');
      const file = join(t.dataDir, 'dist', 'assets', 'big-Abc123.js');
      writeFileSync(file, edited);
      const later = new Date(Date.now() + 60_000);
      utimesSync(file, later, later);
      const response = await rawRequest(`${t.baseUrl}/studio/assets/big-Abc123.js`, { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.body).toString()).toBe(edited);
    });

    it('compresses the runtime config from PUBLIC_DIR, so an edit needs no rebuild', async () => {
      t = await startWithBuild();
      const config = JSON.stringify({ Studio: { newUI: true }, flags: Array.from({ length: 100 }, (_, index) => `flag-${index}`) });
      writeFixture(join(t.dataDir, 'public'), { 'assets/studio_config.json': config });
      const response = await rawRequest(`${t.baseUrl}/studio/assets/studio_config.json?v=1`, { 'accept-encoding': 'gzip, br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(brotliDecompressSync(response.body).toString())).toEqual(JSON.parse(config));
    });

    it('sends images as they are, without Vary', async () => {
      t = await startWithBuild();
      writeFixture(join(t.dataDir, 'dist'), { 'icons/icon-192.png': 'P'.repeat(5000) });
      await precompressDirectory(join(t.dataDir, 'dist'));
      const response = await rawRequest(`${t.baseUrl}/studio/icons/icon-192.png`, { 'accept-encoding': 'br, gzip' });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBeUndefined();
      expect(response.body.length).toBe(5000);
    });

    it('keeps document headers off hashed assets and on pages', async () => {
      t = await startWithPrecompressedBuild();
      const asset = await rawRequest(`${t.baseUrl}/studio/assets/big-Abc123.js`);
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['x-frame-options']).toBeUndefined();
      const page = await rawRequest(`${t.baseUrl}/studio/login`);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      const worker = await rawRequest(`${t.baseUrl}/studio/sw.js`);
      expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    });
  });
});
