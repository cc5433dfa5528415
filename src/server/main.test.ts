import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withDeadline } from '../shared/deadline';
import { endpoints, TOKEN_HEADER } from '../shared/endpoints';
import { DATABASE_FILE } from './db/database';
import { listeningOriginOf } from './listeningLine';
import { PROJECT_ROOT } from './projectRoot';
import { serverNodeArgs } from './testing/serverCommand';
import { testDatabaseUrl, testDialect } from './testing/testDatabase';

interface Run {
  lines: string[];
  exitCode: number | null;
  baseUrl: string;
}

interface LogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The server's standard output is its structured log: one JSON object a line. */
function entryOf(line: string): LogEntry {
  return JSON.parse(line) as LogEntry;
}

/** Longest a start, a test's requests or a stop may take: well under the test's timeout, so a stuck server is named. */
const STEP_LIMIT_MS = 40_000;

/**
 * Runs `npm start`'s server command until it listens, optionally calls `whileUp`, then sends SIGTERM and waits for
 * the exit. A step that does not end within STEP_LIMIT_MS fails with its name and what the server printed, and the
 * server is killed.
 */
async function runMain(env: Record<string, string>, whileUp?: (baseUrl: string, lines: string[]) => Promise<void>): Promise<Run> {
  const child = spawn(process.execPath, await serverNodeArgs(), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STUDIO_ADMIN_EMAIL: '', STUDIO_ADMIN_PASSWORD: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const within = <T>(step: string, work: Promise<T>): Promise<T> =>
    withDeadline(work, STEP_LIMIT_MS, () => {
      child.kill('SIGKILL');
      return new Error(`The server did not ${step} within ${STEP_LIMIT_MS} ms. It printed:\n${lines.join('\n')}`);
    });
  const listening = new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const complete = buffer.split('\n');
      buffer = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        const origin = listeningOriginOf(line);
        if (origin) resolve(origin);
      }
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${lines.join('\n')}`)));
  });
  const baseUrl = await within('start listening', listening);
  try {
    await within('answer the test', whileUp?.(baseUrl, lines) ?? Promise.resolve());
  } finally {
    child.kill('SIGTERM');
  }
  return { lines, exitCode: await within('exit after SIGTERM', exited), baseUrl };
}

function credentialsOf(lines: string[]) {
  const created = lines.map(entryOf).find((entry) => entry.msg === 'Administrator created');
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { email: text(created?.email), password: text(created?.generatedPassword) };
}

async function signIn(baseUrl: string, userId: string, password: string): Promise<{ status: number; token: string }> {
  const response = await fetch(`${baseUrl}/api/tokens/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, password }),
  });
  return { status: response.status, token: response.headers.get(TOKEN_HEADER) ?? '' };
}

/** DATA_DIR, and DATABASE_URL when the tests run on PostgreSQL. */
async function dataEnv(dataDir: string): Promise<Record<string, string>> {
  const url = await testDatabaseUrl(dataDir);
  return url ? { DATA_DIR: dataDir, DATABASE_URL: url } : { DATA_DIR: dataDir };
}

// Each test starts the server process once or twice, and the first also builds its bundle: a safety net far above that
// on a loaded 2-core machine (under tsx, before the bundle, one start came near 20 s).
describe(`main (the server process, ${testDialect})`, { timeout: 90_000 }, () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates the database and an administrator on first start, prints them once, and keeps them later', async () => {
    root = mkdtempSync(join(tmpdir(), 'studio-main-'));
    // A folder that does not exist yet: the first start creates it.
    const dataDir = join(root, 'data');
    let firstLogin = { status: 0, token: '' };
    const first = await runMain(await dataEnv(dataDir), async (baseUrl, lines) => {
      const printed = credentialsOf(lines);
      firstLogin = await signIn(baseUrl, printed.email ?? '', printed.password ?? '');
    });
    const { email, password } = credentialsOf(first.lines);
    expect(email).toBe('admin@studio.local');
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(firstLogin.status).toBe(200);
    // HOST is honoured: the server listens on loopback only, as asked.
    expect(new URL(first.baseUrl).hostname).toBe('127.0.0.1');
    expect(first.exitCode).toBe(0);
    // The data file holds password hashes and the signing key: only its owner reads it. With DATABASE_URL the data
    // lives in PostgreSQL and no SQLite file is made.
    const file = join(dataDir, DATABASE_FILE);
    expect(existsSync(file) ? statSync(file).mode & 0o777 : 'none').toBe(testDialect === 'sqlite' ? 0o600 : 'none');
    // The signing key lives in the database, not in a file of DATA_DIR.
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);

    let secondLoginStatus = 0;
    let firstTokenStatus = 0;
    const second = await runMain({ ...(await dataEnv(dataDir)), STUDIO_ADMIN_PASSWORD: 'ignored-now' }, async (baseUrl) => {
      secondLoginStatus = (await signIn(baseUrl, email ?? '', password ?? '')).status;
      firstTokenStatus = (await fetch(`${baseUrl}${endpoints.health.status}`, { headers: { authorization: `Bearer ${firstLogin.token}` } })).status;
    });
    expect(second.lines.map((line) => entryOf(line).msg)).toContain('Administrator: existing account kept');
    expect(second.lines.some((line) => line.includes('password'))).toBe(false);
    expect(secondLoginStatus).toBe(200);
    // A token signed before the restart is still good: the key was kept.
    expect(firstTokenStatus).toBe(200);
    expect(second.exitCode).toBe(0);
  });

  it('uses STUDIO_ADMIN_EMAIL and STUDIO_ADMIN_PASSWORD on first start', async () => {
    root = mkdtempSync(join(tmpdir(), 'studio-main-'));
    const dataDir = root;
    let status = 0;
    const run = await runMain(
      { ...(await dataEnv(dataDir)), STUDIO_ADMIN_EMAIL: 'Boss@Example.test', STUDIO_ADMIN_PASSWORD: 'chosen-password' },
      async (baseUrl) => {
        status = (await signIn(baseUrl, 'boss@example.test', 'chosen-password')).status;
      },
    );
    // The operator chose the password: it is not repeated in the log.
    expect(credentialsOf(run.lines)).toEqual({ email: 'boss@example.test', password: undefined });
    expect(run.lines.some((line) => line.includes('chosen-password'))).toBe(false);
    expect(status).toBe(200);
  });

  it('refuses to start on an invalid LOG_LEVEL, with one line naming it', async () => {
    root = mkdtempSync(join(tmpdir(), 'studio-main-'));
    const child = spawn(process.execPath, await serverNodeArgs(), {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: root, LOG_LEVEL: 'loud' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    expect(exitCode).toBe(1);
    const [entry, ...rest] = output.trim().split('\n').map(entryOf);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ level: 60, msg: 'The server cannot start: invalid configuration' });
    expect(entry?.error).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "loud"');
    // Nothing was created: the start stopped before the database.
    expect(existsSync(join(root, DATABASE_FILE))).toBe(false);
  });
});
