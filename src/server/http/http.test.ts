import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/contracts/errors';
import { endpoints } from '../../shared/endpoints';
import { rawRequest } from '../testing/rawRequest';
import { startTestServer, type TestServer } from '../testing/testServer';

describe('cross-cutting HTTP behaviour', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.tokenFor(t.admin);
  });
  afterAll(async () => t.close());

  it('sends an ETag on GET JSON answers and 304 for a matching If-None-Match', async () => {
    const first = await t.request(`/api/users/${t.admin.id}`, { token });
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const unchanged = await t.request(`/api/users/${t.admin.id}`, { token, headers: { 'If-None-Match': tag ?? '' } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(tag);
    expect(await unchanged.text()).toBe('');
    const other = await t.request(`/api/users/${t.admin.id}`, { token, headers: { 'If-None-Match': '"stale"' } });
    expect(other.status).toBe(200);
  });

  it('compresses JSON answers over 1 KB by Accept-Encoding, each encoding under its own ETag', async () => {
    const url = `${t.baseUrl}${endpoints.openApi}`;
    const plain = await rawRequest(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(plain.body.toString()) as unknown;
    expect(plain.body.length).toBeGreaterThan(1024);

    const brotli = await rawRequest(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(document);

    const gzip = await rawRequest(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(document);

    const tags = [plain, brotli, gzip].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(3);
    expect(tags[1]).toBe(`${tags[0]?.slice(0, -1)}-br"`);

    // An unchanged answer is a bodiless 304 whichever of its encodings the client holds.
    for (const held of tags) {
      const unchanged = await rawRequest(url, { 'accept-encoding': 'br', 'if-none-match': held });
      expect(unchanged.status).toBe(304);
      expect(unchanged.body.length).toBe(0);
      expect(unchanged.headers.etag).toBe(tags[1]);
      expect(unchanged.headers.vary).toBe('Accept-Encoding');
      expect(unchanged.headers['content-encoding']).toBeUndefined();
    }
  });

  it('sends JSON answers of 1 KB or less as they are', async () => {
    const small = await rawRequest(`${t.baseUrl}/api/users/${t.admin.id}`, { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThanOrEqual(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ success: true });
  });

  it('never puts an ETag on token answers', async () => {
    const login = await t.request('/api/tokens/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: t.admin.email, password: t.admin.password }),
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.headers.get('etag')).toBeNull();
  });

  it.each([
    ['malformed JSON', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":' }, 400],
    ['a JSON array', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' }, 400],
    ['a non-JSON content type', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }, 415],
    ['no body at all', { method: 'POST' }, 400],
  ] as const)('answers %s on POST /api/tokens/ with a 4xx JSON error', async (_case, init, status) => {
    const response = await t.request('/api/tokens/', init);
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(await response.json()).success).toBe(false);
  });

  it('answers unknown API paths and methods with a JSON 404 naming them', async () => {
    for (const [method, path] of [
      ['GET', '/api/no/such/thing'],
      ['DELETE', '/api/healthCheck'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.request(path, { method, token });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, message: `No such endpoint: ${method} ${path}` });
    }
  });

  it('rejects an over-long Idempotency-Key', async () => {
    const response = await t.request('/api/users/', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'k'.repeat(300) },
      body: JSON.stringify({ firstName: 'A', lastName: 'B', emailAddress: 'long@example.test', password: 'Long-key-password-1' }),
    });
    expect(response.status).toBe(400);
  });

  it('sets the headers of data on API answers, and no CORS headers', async () => {
    const response = await t.request('/api/healthCheck', { headers: { Origin: 'https://evil.example' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('publishes the OpenAPI document with the bearer scheme', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(document.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.paths['/api/users/{id}']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/tokens/']?.post?.security).toEqual([]);
  });
});

describe('request size', () => {
  it('refuses an oversized body with 413', async () => {
    // Its own server: the refused upload leaves the keep-alive socket unusable for the requests after it.
    const t = await startTestServer();
    try {
      const response = await t.request('/api/tokens/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(response.status).toBe(413);
      expect(errorBodySchema.parse(await response.json()).success).toBe(false);
    } finally {
      await t.close();
    }
  });
});
