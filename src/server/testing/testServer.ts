import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REFRESH_TOKEN_HEADER, TOKEN_HEADER } from '../../shared/endpoints';
import type { Permission } from '../../shared/permissions';
import { startServer, type RunningServer } from '../app';
import { hashPassword, type PasswordHashCost } from '../auth/passwords';
import type { ServerOptions } from '../options';
import { findUserByUserId, insertUser } from '../users/repository';
import { migratedTestDatabaseUrl } from './testDatabase';
import { parseLogLevel } from '../logs/logger';

export interface LoginResult {
  status: number;
  body: unknown;
  token: string | null;
  refreshToken: string | null;
  retryAfter: string | null;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export interface TestServer {
  server: RunningServer;
  /** e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  dataDir: string;
  admin: TestUser;
  login(email: string, password: string): Promise<LoginResult>;
  /** A user of the admin's organization holding exactly `features`. */
  createUser(features: readonly Permission[], email?: string): Promise<TestUser>;
  /** Signs `user` in and returns its access token. */
  tokenFor(user: TestUser): Promise<string>;
  /** fetch against the server; `token` becomes the bearer header. */
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  close(): Promise<void>;
}

let userCounter = 0;

/**
 * The scrypt cost of the test servers' passwords: the real algorithm and format at 1/32 of the memory and work. At the
 * real cost, hashing and checking passwords took about a third of the route tests' CPU; options.test.ts checks that
 * deployments keep the real cost.
 */
const TEST_PASSWORD_HASH_COST: PasswordHashCost = { N: 2 ** 10, r: 8, p: 1 };

/** An executable stand-in for Chromium, so the resource pool is healthy without a browser installed. */
export function fakeExecutable(dir: string, name = 'chromium'): string {
  const file = join(dir, name);
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, 0o755);
  return file;
}

/**
 * Starts the real server on 127.0.0.1, any free port, with a fresh temporary DATA_DIR (a real SQLite file, or the
 * PostgreSQL database of that folder when the tests run on PostgreSQL: testing/testDatabase.ts), made from a template
 * migrated once rather than migrated anew.
 * Options override the defaults, e.g. { accessTokenTtlSeconds: 1 } or { chromiumPath: '/missing' }.
 */
export async function startTestServer(
  { takeOverDataDir = false, ...options }: Partial<ServerOptions> & { takeOverDataDir?: boolean } = {},
): Promise<TestServer> {
  // A folder the caller gave (a replica on the same data) stays the caller's to remove, unless this server restarts
  // one whose first server is gone.
  const ownsDataDir = options.dataDir === undefined || takeOverDataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'studio-server-test-'));
  const adminPassword = 'admin-test-password';
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: await migratedTestDatabaseUrl(dataDir),
    adminPassword,
    chromiumPath: fakeExecutable(dataDir),
    staticDir: join(dataDir, 'dist'),
    publicDir: join(dataDir, 'public'),
    // test:stress --tick-ms lengthens it: a test that reads what a tick writes without waiting for it then fails at once.
    schedulerIntervalMs: Number(process.env.TEST_SCHEDULER_INTERVAL_MS ?? 50),
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    retentionPurge: false,
    // Quiet unless a test reads the log (logDestination) or a person asks: `LOG_LEVEL=debug npx vitest run …`.
    logLevel: options.logDestination ? 'info' : process.env.LOG_LEVEL === undefined ? 'silent' : parseLogLevel(process.env.LOG_LEVEL),
    ...options,
  });
  const baseUrl = server.origin;
  const adminRow = await findUserByUserId(server.services.db, options.adminEmail ?? 'admin@studio.local');
  if (!adminRow) throw new Error('The test server has no administrator');
  const orgId = adminRow.org_id;

  async function request(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const { token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    return fetch(`${baseUrl}${path}`, { ...rest, headers });
  }

  async function login(email: string, password: string): Promise<LoginResult> {
    const response = await request('/api/tokens/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: email, password }),
    });
    return {
      status: response.status,
      body: await response.json(),
      token: response.headers.get(TOKEN_HEADER),
      refreshToken: response.headers.get(REFRESH_TOKEN_HEADER),
      retryAfter: response.headers.get('retry-after'),
    };
  }

  async function tokenFor(user: TestUser): Promise<string> {
    const result = await login(user.email, user.password);
    if (!result.token) throw new Error(`${user.email} could not sign in (${result.status})`);
    return result.token;
  }

  async function createUser(features: readonly Permission[], email = `user${(userCounter += 1)}@example.test`): Promise<TestUser> {
    const password = `password-${userCounter}`;
    const row = await insertUser(server.services.db, { email, passwordHash: await hashPassword(password, server.services.passwordHashCost), orgId, features });
    return { id: row.id, email: row.user_id, password };
  }

  return {
    server,
    baseUrl,
    dataDir,
    admin: { id: adminRow.id, email: adminRow.user_id, password: options.adminPassword ?? adminPassword },
    login,
    createUser,
    tokenFor,
    request,
    async close() {
      await server.close();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
