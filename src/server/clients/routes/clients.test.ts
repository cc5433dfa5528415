import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENTS_MESSAGES,
  deviceControlProbeResponseSchema,
  getClientUrlResponseSchema,
} from '../../../shared/contracts/clients';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { rawRequest } from '../../testing/rawRequest';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { clientsFolder, DESKTOP_CLIENT_FILE } from '../clientsFolder';
import { PARSER_CONFIG_PAGE, STATIC_DASHBOARD_PAGE } from '../embeddedPages';

const JSON_HEADERS = { 'content-type': 'application/json' };
/** Bytes that are not text, so any re-encoding on the way would show. */
const ZIP_BYTES = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 31 + 7) % 256);

describe('client download calls', () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 1 });
    token = await t.tokenFor(await t.createUser([]));
  });
  afterAll(async () => t.close());

  function getClientUrl(body: unknown = { clientType: 'DESKTOP' }, as: string | null = token): Promise<Response> {
    return t.request(endpoints.clients.getClientUrl, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), ...(as === null ? {} : { token: as }) });
  }

  function download(downloadUrl: string, headers: Record<string, string> = {}): Promise<Response> {
    return t.request(endpoints.clients.download, { method: 'POST', token, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify({ downloadUrl }) });
  }

  function raw(path: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) {
    return rawRequest(`${t.baseUrl}${path}`, headers);
  }

  it('answers 503 with a clear message while the desktop client is not built, to any signed-in user', async () => {
    const response = await getClientUrl();
    expect(response.status).toBe(503);
    expect(errorBodySchema.parse(await response.json()).message).toBe(CLIENTS_MESSAGES.desktopNotBuilt);
  });

  it('refuses callers without a token (401) and unknown client types (400)', async () => {
    for (const call of [
      getClientUrl(undefined, null),
      t.request(endpoints.clients.download, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ downloadUrl: endpoints.clients.file('x.zip') }) }),
      t.request(endpoints.clients.file(DESKTOP_CLIENT_FILE)),
      t.request(`${endpoints.clients.deviceControlProbe}?port=7100`),
    ]) {
      expect((await call).status).toBe(401);
    }
    expect((await getClientUrl({ clientType: 'EXE' })).status).toBe(400);
    expect((await getClientUrl({})).status).toBe(400);
  });

  it('once the zip is in the clients folder: its URL, no exe, and the same bytes by POST download and GET', async () => {
    mkdirSync(clientsFolder(t.server.services.filesDir), { recursive: true });
    writeFileSync(join(clientsFolder(t.server.services.filesDir), DESKTOP_CLIENT_FILE), ZIP_BYTES);

    const answer = getClientUrlResponseSchema.parse(await (await getClientUrl()).json());
    expect(answer).toEqual({
      success: true,
      zipDownloadUrl: endpoints.clients.file(DESKTOP_CLIENT_FILE),
      exeDownloadUrl: null,
      fileName: DESKTOP_CLIENT_FILE,
      size: ZIP_BYTES.length,
    });

    const posted = await download(answer.zipDownloadUrl);
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toBe('application/zip');
    expect(posted.headers.get('content-disposition')).toContain(`filename="${DESKTOP_CLIENT_FILE}"`);
    expect(new Uint8Array(await posted.arrayBuffer())).toEqual(ZIP_BYTES);
    // The full URL of this host names the same file.
    expect((await download(`${t.baseUrl}${answer.zipDownloadUrl}`)).status).toBe(200);

    const got = await raw(answer.zipDownloadUrl);
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe(String(ZIP_BYTES.length));
    expect(new Uint8Array(got.body)).toEqual(ZIP_BYTES);
  });

  it('answers one byte range of a client file with 206, and a range past the end with 416', async () => {
    const path = endpoints.clients.file(DESKTOP_CLIENT_FILE);
    const partial = await raw(path, { authorization: `Bearer ${token}`, range: 'bytes=100-199' });
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-199/${ZIP_BYTES.length}`);
    expect(new Uint8Array(partial.body)).toEqual(ZIP_BYTES.subarray(100, 200));
    const beyond = await raw(path, { authorization: `Bearer ${token}`, range: `bytes=${ZIP_BYTES.length}-` });
    expect(beyond.status).toBe(416);
  });

  it('never serves a file outside the clients folder: traversal, encoded slashes, NUL and absolute names are 400 or 404', async () => {
    // A file beside the clients folder, which a traversal would reach.
    writeFileSync(join(t.server.services.filesDir, 'secret.txt'), 'secret');
    const attempts = [
      '..%2Fsecret.txt',
      '%2e%2e%2Fsecret.txt',
      '%2e%2e',
      '..',
      '.',
      '..%5Csecret.txt',
      '%2Fetc%2Fpasswd',
      'gateway-agent.zip%00.txt',
      '%00',
      'clients%2F..%2F..%2Fsecret.txt',
      '..%252Fsecret.txt',
      'missing.zip',
    ];
    for (const attempt of attempts) {
      const response = await raw(`${endpoints.clients.file('')}${attempt}`);
      expect([400, 404], attempt).toContain(response.status);
      expect(response.body.toString(), attempt).not.toContain('secret');
    }
    // Unencoded dot segments never reach the route at all.
    expect([400, 404]).toContain((await raw(`${endpoints.clients.file('')}../../secret.txt`)).status);

    for (const downloadUrl of [
      `${endpoints.clients.file('')}..%2Fsecret.txt`,
      `${endpoints.clients.file('')}%2e%2e%2Fsecret.txt`,
      `${endpoints.clients.file('')}../secret.txt`,
      `${endpoints.clients.file('')}%00`,
      `${endpoints.clients.file('')}%E0%A4%A`,
      '/etc/passwd',
      'file:///etc/passwd',
      `http://elsewhere.example${endpoints.clients.file(DESKTOP_CLIENT_FILE)}`,
      endpoints.clients.file('missing.zip'),
    ]) {
      const response = await download(downloadUrl);
      expect([400, 404], downloadUrl).toContain(response.status);
      expect(errorBodySchema.safeParse(await response.json()).success, downloadUrl).toBe(true);
    }
  });
});

describe('device control probe and embedded pages', () => {
  let t: TestServer;
  let token: string;
  let listener: Server;

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 1 });
    token = await t.tokenFor(t.admin);
    listener = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
    await t.close();
  });

  /** The deployment's runtime config, which names the one port the probe may try. */
  function configureDeviceControlPort(port: number): void {
    const assets = join(t.dataDir, 'public', 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(assets, 'studio_config.json'), JSON.stringify({ deviceControlPort: port }));
  }

  async function probe(port: number | string) {
    const response = await t.request(`${endpoints.clients.deviceControlProbe}?port=${port}`, { token });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('says reachable when something listens on the port of this host, and not when nothing does', async () => {
    const address = listener.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    configureDeviceControlPort(address.port);
    expect(deviceControlProbeResponseSchema.parse((await probe(address.port)).body)).toMatchObject({ reachable: true, port: address.port });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedAddress = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    if (closedAddress === null || typeof closedAddress === 'string') throw new Error('no port');
    configureDeviceControlPort(closedAddress.port);
    expect(deviceControlProbeResponseSchema.parse((await probe(closedAddress.port)).body).reachable).toBe(false);
  });

  it('probes no port but the configured one (7100 unless the runtime config names another), so it scans nothing', async () => {
    configureDeviceControlPort(7100);
    const refused = await probe(22);
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body).message).toBe('Only the device control port of this deployment (7100) can be probed.');
  });

  it('refuses ports that are not a port number', async () => {
    for (const port of ['0', '70000', 'abc', '']) expect((await probe(port)).status, port).toBe(400);
  });

  it('serves a styled explanation page at /parserConfig and /static-dashboard instead of a 404, framable by the app', async () => {
    for (const [path, page] of [
      ['/parserConfig', PARSER_CONFIG_PAGE],
      ['/static-dashboard', STATIC_DASHBOARD_PAGE],
      ['/static-dashboard/', STATIC_DASHBOARD_PAGE],
    ] as const) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      const html = await response.text();
      expect(html).toContain(`<title>${page.title}</title>`);
      expect(html).toContain('<style>');
      expect(html).toContain(`<code>${path.replace(/\/$/, '')}</code>`);
    }
  });
});
