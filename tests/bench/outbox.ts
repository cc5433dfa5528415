/**
 * Outbox benchmark (issue 5): the app's mutation outbox (src/offline/outbox.ts on fake-indexeddb, the app's API client)
 * queues N image-filter saves across several records while the network is down, each with its own Idempotency-Key;
 * then the network returns and one flush replays them against the real server, in order per record and records side
 * by side. Prints `outbox-replay-throughput: N mutations/s`, and fails unless the server ends with exactly one row per
 * record holding that record's last save. Run alone with `node --import tsx tests/bench/outbox.ts`.
 */
import { openNodePage } from './node-page';
import { pathToFileURL } from 'node:url';
import { saveImageFilterMutation } from '../../src/features/image-filters/api/save-image-filter';
import { login } from '../../src/lib/api-client';
import { createOutbox } from '../../src/offline/outbox';
import { createQueueGate } from '../../src/offline/queue-gate';
import { IMAGE_FILTER_TYPES, imageFilterGroupsSchema, imageFiltersResponseSchema, type ImageFilter } from '../../src/shared/contracts/image-filters';
import { endpoints } from '../../src/shared/endpoints';
import { startTestServer, type TestServer } from '../../src/server/testing/testServer';

const RECORDS = 10;
const SAVES_PER_RECORD = 50;

export interface OutboxBench {
  mutations: number;
  replayMs: number;
  mutationsPerSecond: number;
}

/** The i-th save of record r: the first creates the filter under the id the client made, the later ones rename it. */
function save(recordIds: readonly string[], record: number, version: number): ImageFilter {
  const type = IMAGE_FILTER_TYPES[record % IMAGE_FILTER_TYPES.length] ?? 'platform';
  return { id: recordIds[record] ?? '', type, name: `Bench filter ${record} v${version}` };
}

/** The page's network: while `down`, every request fails as it does offline (fetch rejects with a TypeError). */
function switchableNetwork() {
  const online = globalThis.fetch;
  let down = false;
  globalThis.fetch = (input, init) => (down ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init));
  return {
    setDown(value: boolean) {
      down = value;
    },
    restore() {
      globalThis.fetch = online;
    },
  };
}

async function serverFilters(t: TestServer, token: string): Promise<ImageFilter[]> {
  const answer = imageFiltersResponseSchema.parse(await (await t.request(endpoints.imageFilters.list, { token })).json());
  const groups = imageFilterGroupsSchema.parse(JSON.parse(answer.data));
  return [...groups.platforms, ...groups.apps, ...groups.resolutions, ...groups.functionalities];
}

export async function runOutboxBench(print: (line: string) => void = console.log): Promise<OutboxBench> {
  const t = await startTestServer({ browserPoolSize: 0 });
  const page = openNodePage(t.baseUrl, 'outbox-bench');
  const network = switchableNetwork();
  let outbox: ReturnType<typeof createOutbox> | undefined;
  try {
    await login(t.admin.email, t.admin.password);
    const token = await t.tokenFor(t.admin);
    const before = await serverFilters(t, token);
    outbox = createOutbox({ db: page.db, gate: createQueueGate({ locks: null }) });
    outbox.register(saveImageFilterMutation);

    const recordIds = Array.from({ length: RECORDS }, () => crypto.randomUUID());
    network.setDown(true);
    // Interleaved across records, as edits come in; each stays queued while the network is down.
    for (let version = 1; version <= SAVES_PER_RECORD; version += 1) {
      for (let record = 0; record < RECORDS; record += 1) {
        const outcome = await outbox.submit(saveImageFilterMutation.mutationKey, save(recordIds, record, version));
        if (outcome.state !== 'queued') throw new Error('A save went through while the network was down');
      }
    }
    const mutations = (await outbox.entries()).length;
    if (mutations !== RECORDS * SAVES_PER_RECORD) throw new Error(`${mutations} changes queued, not ${RECORDS * SAVES_PER_RECORD}`);
    if (new Set((await outbox.entries()).map((entry) => entry.idempotencyKey)).size !== mutations) throw new Error('Idempotency-Keys repeat');

    network.setDown(false);
    const started = performance.now();
    await outbox.flush();
    const replayMs = performance.now() - started;

    const left = (await outbox.entries()).length;
    const refused = await outbox.refused();
    if (left > 0 || refused.length > 0) throw new Error(`${left} changes still queued and ${refused.length} refused: ${refused.map((change) => change.message).join('; ')}`);
    const created = (await serverFilters(t, token)).filter((filter) => !before.some((known) => known.id === filter.id));
    const expected = recordIds.map((_, record) => save(recordIds, record, SAVES_PER_RECORD));
    const key = (filter: ImageFilter) => `${filter.id} ${filter.type} ${filter.name}`;
    if (created.length !== RECORDS || expected.some((filter) => !created.some((row) => key(row) === key(filter)))) {
      throw new Error(`The server should hold one row per record with its last save; it holds ${JSON.stringify(created)}`);
    }

    const mutationsPerSecond = mutations / (replayMs / 1000);
    print(`outbox-replay-mutations: ${mutations} count`);
    print(`outbox-replay-throughput: ${mutationsPerSecond.toFixed(1)} mutations/s`);
    return { mutations, replayMs, mutationsPerSecond };
  } finally {
    // The saves queued while the network was down armed a backoff retry.
    outbox?.stop();
    network.restore();
    page.close();
    await t.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runOutboxBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
