import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/contracts/errors';
import { PERMISSIONS } from '../../shared/permissions';
import { startTestServer, type TestServer } from '../testing/testServer';
import { requiredPermissions, type DeclaredEndpoint } from './endpoints';

/** A request for `endpoint` with every path parameter filled by an id that belongs to nobody. */
function call(t: TestServer, endpoint: DeclaredEndpoint, token?: string) {
  const path = endpoint.path.replaceAll(/{[^}]+}/g, () => randomUUID());
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'HEAD';
  return t.request(path, {
    method: endpoint.method,
    ...(token === undefined ? {} : { token }),
    ...(hasBody ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
  });
}

describe('permission matrix over every declared endpoint', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t.close());

  it('declares every documented operation through the registry', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = t.server.registry.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(documented.sort()).toEqual([...declared].sort());
    expect(declared.length).toBeGreaterThanOrEqual(10);
  });

  it('answers 401 without a token on every non-public endpoint', async () => {
    const guarded = t.server.registry.filter((endpoint) => endpoint.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const endpoint of guarded) {
      const response = await call(t, endpoint);
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
    }
  });

  it('answers 403 to a signed-in user lacking exactly the required permissions (every one of an anyOf)', async () => {
    const restricted = t.server.registry.flatMap((endpoint) => {
      const permissions = requiredPermissions(endpoint.access);
      return permissions.length > 0 ? [{ endpoint, permissions }] : [];
    });
    expect(restricted.length).toBeGreaterThan(0);
    expect(restricted.some(({ permissions }) => permissions.length > 1)).toBe(true);
    // One user per set of permissions, not per endpoint: each sign-in costs a deliberately slow password hash.
    const tokens = new Map<string, string>();
    for (const { endpoint, permissions } of restricted) {
      const key = [...permissions].sort().join(',');
      const token = tokens.get(key) ?? (await t.tokenFor(await t.createUser(PERMISSIONS.filter((p) => !permissions.includes(p)))));
      tokens.set(key, token);
      const response = await call(t, endpoint, token);
      expect(response.status, `${endpoint.method} ${endpoint.path} without ${key}`).toBe(403);
      expect(errorBodySchema.parse(await response.json()).message).toMatch(/^You do not have permission/);
    }
  });

  it('lets public endpoints answer without a token', async () => {
    for (const endpoint of t.server.registry.filter((e) => e.access === 'public')) {
      const response = await call(t, endpoint);
      expect(response.status, `${endpoint.method} ${endpoint.path}`).not.toBe(403);
      expect(response.status).toBeLessThan(500);
    }
  });
});
