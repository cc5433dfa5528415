import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectionResponseSchema, type Collection } from '../../shared/contracts/collections';
import { FINISHED_RUN_STATES, runDetailsResponseSchema, triggerResponseSchema, type RunDetails } from '../../shared/contracts/runs';
import type { SaveScheduleInput } from '../../shared/contracts/schedules';
import { endpoints } from '../../shared/endpoints';
import type { Permission } from '../../shared/permissions';
import type { ServerOptions } from '../options';
import { TEST_BROWSER_PATH } from './testBrowser';
import { startTestServer, type TestServer } from './testServer';
import { DAY_MS } from '../../shared/durations';

/** The browser the test servers' runs drive (testBrowser.ts). */
export const CHROMIUM = TEST_BROWSER_PATH;

/** Tiny pages the browser executor drives in tests: a form, a list, a JSON answer. */
const PAGES: Record<string, { type: string; body: string; status?: number }> = {
  '/form': {
    type: 'text/html',
    body: `<!doctype html><title>Form Page</title>
<input id="name"><select id="color"><option>red</option><option>blue</option></select>
<label><input type="checkbox" id="agree"> agree</label>
<button id="go" onclick="document.getElementById('out').textContent='Hello '+document.getElementById('name').value+' '+document.getElementById('color').value+(document.getElementById('agree').checked?' agreed':'')">Go</button>
<div id="out"></div><a href="/list">To the list</a>`,
  },
  '/list': { type: 'text/html', body: '<!doctype html><title>List Page</title><ul><li>One</li><li>Two</li></ul>' },
  // Random pixels: a screenshot that no PNG compression shrinks (megabytes), to fill a small disk.
  '/noise': {
    type: 'text/html',
    body: `<!doctype html><title>Noise</title><body style="margin:0"><canvas id="c"></canvas><script>
const c = document.getElementById('c'); c.width = innerWidth; c.height = innerHeight;
const g = c.getContext('2d'); const image = g.createImageData(c.width, c.height);
for (let i = 0; i < image.data.length; i += 65536) crypto.getRandomValues(new Uint8Array(image.data.buffer, i, Math.min(65536, image.data.length - i)));
for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
g.putImageData(image, 0, 0); document.title = 'Noise drawn';
</script>`,
  },
  '/api/ping': { type: 'application/json', body: '{"pong":true}' },
  '/api/broken': { type: 'application/json', body: '{"error":"boom"}', status: 500 },
};

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const server: Server = createServer((request, response) => {
    const page = PAGES[new URL(request.url ?? '/', 'http://x').pathname];
    response.writeHead(page?.status ?? (page ? 200 : 404), { 'content-type': page?.type ?? 'text/plain' });
    response.end(page?.body ?? 'not found');
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolveClose) => server.close(() => resolveClose())),
  };
}

export interface RunServers {
  t: TestServer;
  pages: PageServer;
  /** The access token of a new user holding the features asked for. */
  token: string;
  close(): Promise<void>;
}

/**
 * The servers of a run test: the pages its steps drive, and a test server whose browser resources launch real
 * Chromium (`options` override, e.g. browserPoolSize), with a signed-in user holding `features`.
 */
export async function startRunServers(features: readonly Permission[], options: Partial<ServerOptions> = {}): Promise<RunServers> {
  const pages = await startPageServer();
  const t = await startTestServer({ chromiumPath: CHROMIUM, ...options });
  const token = await t.tokenFor(await t.createUser(features));
  return {
    t,
    pages,
    token,
    async close() {
      await t.close();
      await pages.close();
    },
  };
}

type StepInput = { stepId: string; action: string; target?: string; value?: string; timeoutMs?: number; stepName?: string };
type FlowInput = { testCaseId: string; testCaseName?: string; loop?: number; steps: StepInput[]; nextOnPass?: string; nextOnFail?: string };

/**
 * A step that should pass has this long: a safety net on a busy machine, not a speed limit (a 2 s screenshot timed out
 * under load in CI). A step meant to fail by timing out sets its own timeoutMs.
 */
const FIXTURE_STEP_TIMEOUT_MS = 15_000;

const flow = (input: FlowInput, testCaseType: string) => ({
  testCaseName: input.testCaseId,
  testCaseType,
  ...input,
  steps: input.steps.map((step) => ({ stepName: step.stepId, timeoutMs: FIXTURE_STEP_TIMEOUT_MS, ...step })),
});

let collectionCounter = 0;

/** A new BROWSER collection document for saveTest. */
export function browserCollection(input: {
  flows: FlowInput[];
  init?: FlowInput[];
  post?: FlowInput[];
  executionType?: Collection['executionType'];
  video?: boolean;
  retries?: number;
}): Record<string, unknown> {
  collectionCounter += 1;
  return {
    collectionId: 'new',
    id: '',
    testSuiteName: `Runs test ${collectionCounter} ${Date.now()}`,
    deviceType: 'BROWSER',
    executionType: input.executionType ?? 'SEQUENTIAL',
    video: input.video ?? false,
    ...(input.retries === undefined ? {} : { retries: input.retries }),
    testCases: input.flows.map((f) => flow(f, 'FLOW')),
    initTestSteps: (input.init ?? []).map((f) => flow(f, 'PRE_FLOW')),
    postTestSteps: (input.post ?? []).map((f) => flow(f, 'POST_FLOW')),
  };
}

/** A saveSchedule body: every day from tomorrow for 30 days, running `collectionIds`, in UTC unless overridden. */
export function dailySchedule(collectionIds: string[], overrides: Partial<SaveScheduleInput> = {}): SaveScheduleInput {
  const now = Date.now();
  return {
    name: 'Daily',
    repeat: 1,
    startTime: now + DAY_MS,
    endTime: now + 30 * DAY_MS,
    scheduleType: 'COLLECTION',
    testStatusIdList: collectionIds,
    scheduleData: { type: 1, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] },
    timeZone: 'UTC',
    ...overrides,
  };
}

/** Saves the collection through saveTest and answers its id. */
export async function saveCollection(t: TestServer, token: string, document: Record<string, unknown>): Promise<string> {
  const response = await t.request(endpoints.collections.save, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(document),
  });
  if (response.status !== 200) throw new Error(`saveTest answered ${response.status}: ${await response.text()}`);
  return collectionResponseSchema.parse(await response.json()).data.id;
}

export async function trigger(t: TestServer, token: string, collectionId: string): Promise<string> {
  const response = await t.request(`${endpoints.runs.trigger}?id=${encodeURIComponent(collectionId)}`, { token });
  if (response.status !== 200) throw new Error(`triggerTest answered ${response.status}: ${await response.text()}`);
  return triggerResponseSchema.parse(await response.json()).data.statusId;
}

export async function runDetails(t: TestServer, token: string, statusId: string): Promise<RunDetails> {
  const response = await t.request(`${endpoints.runs.details}?id=${encodeURIComponent(statusId)}`, { token });
  if (response.status !== 200) throw new Error(`getDetails answered ${response.status}: ${await response.text()}`);
  return runDetailsResponseSchema.parse(await response.json()).data;
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** Polls getDetails until `done` holds (by default: the run ended), or fails after `timeoutMs`. */
export async function waitForRun(
  t: TestServer,
  token: string,
  statusId: string,
  done: (details: RunDetails) => boolean = (details) => (FINISHED_RUN_STATES as readonly string[]).includes(details.testStatus),
  timeoutMs = 30_000,
): Promise<RunDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const details = await runDetails(t, token, statusId);
    if (done(details)) return details;
    if (Date.now() > deadline) {
      throw new Error(`Run ${statusId} is still ${details.testStatus} after ${timeoutMs} ms. Its log:\n${details.logsList.map((line) => line.value).join('\n')}`);
    }
    await sleep(50);
  }
}

/** Whether a device is marked in use, read from the resources table. */
export async function deviceInUse(t: TestServer, deviceId: string): Promise<boolean> {
  const row = await t.server.services.db
    .selectFrom('resources')
    .select('device_in_use')
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return row.device_in_use === 1;
}
