/**
 * The platform's HTTP API as the end-to-end tests drive it from outside: sign in, save and trigger collections,
 * read runs and resources. Every answer is parsed with the shared contract so a drifting shape fails loudly.
 */
import type { z } from 'zod';
import { collectionListResponseSchema, collectionResponseSchema, type Collection } from '../../src/shared/contracts/collections';
import { devicesResponseSchema, type Device } from '../../src/shared/contracts/devices';
import { exportTransferStatsSchema, IMPORT_FILE_FIELD, importUploadResponseSchema } from '../../src/shared/contracts/importexport';
import {
  FINISHED_RUN_STATES,
  messageResponseSchema,
  runDetailsResponseSchema,
  runningTabDataResponseSchema,
  triggerResponseSchema,
  type RunDetails,
} from '../../src/shared/contracts/runs';
import { cancelQueuedResponseSchema, runSearchResponseSchema, type RunSearch } from '../../src/shared/contracts/operations';
import { endpoints, TOKEN_HEADER } from '../../src/shared/endpoints';
import type { AdminCredentials } from './harness';

const POLL_INTERVAL_MS = 200;

export class PlatformApi {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /** Signs in through POST /api/tokens/ and keeps the access token for the calls below. */
  static async signIn(baseUrl: string, { email, password }: AdminCredentials): Promise<PlatformApi> {
    const response = await fetch(`${baseUrl}${endpoints.auth.tokens}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: email, password }),
    });
    const token = response.headers.get(TOKEN_HEADER);
    if (response.status !== 200 || !token) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
    return new PlatformApi(baseUrl, token);
  }

  get accessToken(): string {
    return this.token;
  }

  /** An authorised call (a string body is JSON); anything but the expected status fails with the body in the message. */
  async call(path: string, init: RequestInit = {}, expectedStatus = 200): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${this.token}`, ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
    if (response.status !== expectedStatus) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  private async json<S extends z.ZodType>(path: string, schema: S, init?: RequestInit): Promise<z.infer<S>> {
    return schema.parse(await (await this.call(path, init)).json());
  }

  async collectionIdByName(name: string): Promise<string> {
    const { data } = await this.json(endpoints.collections.list, collectionListResponseSchema);
    const found = data.find((row) => row.testSuiteName === name);
    if (!found) throw new Error(`No collection named ${name}: ${data.map((row) => row.testSuiteName).join(', ')}`);
    return found.id;
  }

  /** The names of the collections the list shows, sorted. */
  async collectionNames(): Promise<string[]> {
    const { data } = await this.json(endpoints.collections.list, collectionListResponseSchema);
    return data.map((row) => row.testSuiteName).sort();
  }

  /** Imports a .bin through the multipart upload of spec part 1 §7 and answers the new collection's id. */
  async importCollection(file: Uint8Array, fileName: string): Promise<string> {
    const form = new FormData();
    form.set(IMPORT_FILE_FIELD, new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), fileName);
    const answer = (await this.json(endpoints.importExport.importExport, importUploadResponseSchema, { method: 'POST', body: form })).data;
    if (!answer.collectionId) throw new Error(`${fileName} did not import: ${answer.importMessage}`);
    return answer.collectionId;
  }

  /** The bytes the server counted as sent for the collection's current export file (administrators only). */
  async transferStats(collectionId: string) {
    return (await this.json(`${endpoints.importExport.transferStats}?id=${encodeURIComponent(collectionId)}`, exportTransferStatsSchema)).data;
  }

  /** The collection's export file in one plain request. */
  async exportFile(collectionId: string): Promise<Uint8Array> {
    return new Uint8Array(await (await this.call(`${endpoints.importExport.download}?id=${encodeURIComponent(collectionId)}`)).arrayBuffer());
  }

  /** Saves a collection document through saveTest and answers its id. */
  /** The stored collection document, as the Studio opens it. */
  async loadCollection(collectionId: string): Promise<Collection> {
    return (await this.json(`${endpoints.collections.load}?id=${encodeURIComponent(collectionId)}`, collectionResponseSchema)).data;
  }

  async saveCollection(document: Record<string, unknown>): Promise<string> {
    const body = JSON.stringify(document);
    return (await this.json(endpoints.collections.save, collectionResponseSchema, { method: 'POST', body })).data.id;
  }

  /** Triggers a run of the collection and answers its statusId. */
  async trigger(collectionId: string): Promise<string> {
    return (await this.json(`${endpoints.runs.trigger}?id=${encodeURIComponent(collectionId)}`, triggerResponseSchema)).data.statusId;
  }

  async details(statusId: string): Promise<RunDetails> {
    return (await this.json(`${endpoints.runs.details}?id=${encodeURIComponent(statusId)}`, runDetailsResponseSchema)).data;
  }

  async runningTabData() {
    return (await this.json(endpoints.runs.runningTabData, runningTabDataResponseSchema)).data;
  }

  /** One page of the run history search, with the total of matching runs. */
  async searchPage(search: RunSearch) {
    return this.json(`${endpoints.runs.search}?data=${encodeURIComponent(JSON.stringify(search))}`, runSearchResponseSchema);
  }

  /** The rows of one page of the run history search (the first, of 100 rows, unless `search` says otherwise). */
  async search(search: RunSearch) {
    return (await this.searchPage(search)).data;
  }

  /** Cancels every queued run of the organization (the Operations Centre's Cancel all); answers how many. */
  async cancelAllQueued(): Promise<number> {
    const body = new URLSearchParams({ all: 'true' });
    return (await this.json(endpoints.runs.cancelQueued, cancelQueuedResponseSchema, { method: 'POST', body })).cancelled;
  }

  async browserDevices(): Promise<Device[]> {
    return (await this.json(endpoints.devices.list, devicesResponseSchema)).data.browserDevices;
  }

  async cancelRunning(statusId: string): Promise<string> {
    const path = `${endpoints.runs.cancelRunning}?statusId=${encodeURIComponent(statusId)}`;
    return (await this.json(path, messageResponseSchema, { method: 'POST' })).message;
  }

  /** Downloads a run file (image, attachment) with the bearer token, as the report does. */
  async download(path: string): Promise<Response> {
    return this.call(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(path)}`);
  }

  /** Occupies a browser resource with a run that waits until it is cancelled; answers its statusId once it runs. */
  async occupyResource(baseUrl: string): Promise<string> {
    const collectionId = await this.saveCollection(
      browserCollection('Holds the resource', [
        {
          testCaseId: 'wait',
          steps: [
            { stepId: 'open-demo', action: 'open', value: `${baseUrl}${endpoints.demoApp}` },
            { stepId: 'wait', action: 'waitFor', target: '#never-there', timeoutMs: 240_000 },
          ],
        },
      ]),
    );
    const statusId = await this.trigger(collectionId);
    await this.waitForRun(statusId, (details) => details.testStatus === 'RUNNING');
    return statusId;
  }

  /** Polls getDetails until `done` holds (by default: the run ended). */
  async waitForRun(
    statusId: string,
    done: (details: RunDetails) => boolean = (details) => (FINISHED_RUN_STATES as readonly string[]).includes(details.testStatus),
    timeoutMs = 60_000,
  ): Promise<RunDetails> {
    return poll(() => this.details(statusId), done, timeoutMs, (details) => `run ${statusId} is ${details.testStatus}`);
  }
}

/** Calls `read` until `done` holds for its answer; fails after `timeoutMs` describing the last answer. */
export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, describe: (value: T) => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms: ${describe(value)}`);
    await new Promise((resolveSleep) => setTimeout(resolveSleep, POLL_INTERVAL_MS));
  }
}

/**
 * The server zips the prebuilt gateway agent a few seconds after it starts (`buildAgentZipLater`). When it still bundled
 * the agent there, its event loop stalled for seconds, long enough for a keep-alive request to be reset (ECONNRESET);
 * tests that time runs still start once the zip is done.
 */
export function waitForGatewayAgentZip(platform: { output: () => string }): Promise<string> {
  return poll(
    () => Promise.resolve(platform.output()),
    (output) => /Gateway agent zip (ready|could not be built)/.test(output),
    120_000,
    (output) => output,
  );
}

type StepInput = { stepId: string; action: string; target?: string; value?: string; timeoutMs?: number };

/** A BROWSER collection document for saveTest, its flows in order, each step named after its id. */
export function browserCollection(testSuiteName: string, flows: { testCaseId: string; steps: StepInput[] }[]): Record<string, unknown> {
  return {
    collectionId: 'new',
    id: '',
    testSuiteName,
    deviceType: 'BROWSER',
    executionType: 'SEQUENTIAL',
    testCases: flows.map(({ testCaseId, steps }) => ({
      testCaseId,
      testCaseName: testCaseId,
      testCaseType: 'FLOW',
      loop: 1,
      steps: steps.map((step) => ({ stepName: step.stepId, target: '', value: '', timeoutMs: 2_000, ...step })),
    })),
  };
}
