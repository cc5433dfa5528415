import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authBackend } from '../../tests/msw/auth-backend';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { endpoints } from '../shared/endpoints';
import { getStoredConfig, loadConfig } from './config';

function recordConfigUrls() {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes(endpoints.config)) urls.push(new URL(request.url));
  });
  return urls;
}

describe('loadConfig', () => {
  it('loads the config with a cache-buster and stores it', async () => {
    authBackend.state.config = { HealthStatus: { enabled: true }, redirectHosts: ['docs.example.com'] };
    const urls = recordConfigUrls();

    const config = await loadConfig(1_700_000_000_000);
    server.events.removeAllListeners();

    expect(urls.map((url) => url.searchParams.get('v'))).toEqual(['1700000000000']);
    expect(config).toEqual(authBackend.state.config);
    expect(JSON.parse(localStorage.getItem('config') ?? 'null')).toEqual(authBackend.state.config);
    expect(getStoredConfig()).toEqual(authBackend.state.config);
  });

  it('uses a new cache-buster on each load', async () => {
    const urls = recordConfigUrls();

    await loadConfig(1);
    await loadConfig(2);
    server.events.removeAllListeners();

    expect(urls.map((url) => url.searchParams.get('v'))).toEqual(['1', '2']);
  });

  it('stores the empty config when the file cannot be loaded', async () => {
    localStorage.setItem('config', '{"HealthStatus":{"enabled":true}}');
    server.use(http.get(anyOrigin(endpoints.config), () => HttpResponse.error()));

    await expect(loadConfig()).resolves.toEqual({});
    expect(localStorage.getItem('config')).toBe('{}');
  });

  it('stores the empty config when the server answers with an error', async () => {
    server.use(http.get(anyOrigin(endpoints.config), () => new HttpResponse('missing', { status: 404 })));

    await expect(loadConfig()).resolves.toEqual({});
    expect(localStorage.getItem('config')).toBe('{}');
  });

  it('stores the empty config when the file is not JSON', async () => {
    server.use(http.get(anyOrigin(endpoints.config), () => new HttpResponse('{ broken', { headers: { 'Content-Type': 'application/json' } })));

    await expect(loadConfig()).resolves.toEqual({});
  });
});

describe('getStoredConfig', () => {
  it('is empty before any load or when the stored text is unreadable', () => {
    expect(getStoredConfig()).toEqual({});
    localStorage.setItem('config', 'nonsense');
    expect(getStoredConfig()).toEqual({});
  });
});
