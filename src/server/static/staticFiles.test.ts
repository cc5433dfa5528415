import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
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
});
