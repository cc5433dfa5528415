import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { SAVED_OFFLINE_MESSAGE, SAVED_OFFLINE_TEXT } from '../../src/offline/pending-texts';
import { STORAGE_KEYS } from '../../src/lib/session';
import { REPLAYED_HEADER } from '../../src/server/http/idempotency';
import { imageFilterGroupsSchema, imageFiltersResponseSchema, type ImageFilter } from '../../src/shared/contracts/image-filters';
import { endpoints, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '../../src/shared/endpoints';
import { PlatformApi, poll } from './api';
import { chromiumMissing, screenshot, WITHOUT_BROWSER_POOL } from './harness';
import { addFilter, allChangesSent, appliedWrites, filterRow, openImageFilters, renameFilter, showImageFilters, waitingCount } from './edited-screens';
import { storedItem } from './pages';
import { useE2E, useOfflinePages } from './setup';

const RECORDS = 5;
const EDITS_PER_RECORD = 10;
/** The page is reloaded (offline) after these rounds of edits: two reloads in the middle of the 50 edits. */
const RELOAD_AFTER_ROUNDS = [3, 7];
/** Short enough to expire while the test is offline, long enough for a sign-in and a replay. */
const ACCESS_TOKEN_TTL_SECONDS = 20;
/** How long after the replay a late second refresh would still be counted. */
const SETTLE_MS = 2_000;

/** The name a record gets at its n-th edit (1-based): the order of the edits can be read back from the names. */
const editName = (record: number, edit: number) => `Offline filter ${record} edit ${edit}`;

const pathOf = (url: string) => new URL(url).pathname;

/** The filter a createFilter request saves, read from its query (the save sends the filter there). */
function savedFilter(url: string): { id: string; name: string } {
  const query = new URL(url).searchParams;
  return { id: query.get('id') ?? '', name: query.get('name') ?? '' };
}

/** The answer each save got, in the order the answers came: 200 for every one that was applied. */
const statuses = (responses: readonly Response[]) => responses.map((response) => response.status());

/** Every filter row of the page is marked 'saved offline, will sync', and the info toast shows once for all the saves. */
async function expectMarkedOffline(page: Page, table: Locator, ids: readonly string[]): Promise<void> {
  for (const id of ids) await filterRow(table, id).getByText(SAVED_OFFLINE_TEXT).waitFor();
  expect(await page.getByRole('alertdialog', { name: SAVED_OFFLINE_MESSAGE }).count()).toBe(1);
}

async function serverFilters(api: PlatformApi): Promise<ImageFilter[]> {
  const { data } = imageFiltersResponseSchema.parse(await (await api.call(endpoints.imageFilters.list)).json());
  return imageFilterGroupsSchema.parse(JSON.parse(data)).platforms;
}

/** Collects the page's image filter saves that got an answer, from now on. */
function recordSaves(page: Page): Response[] {
  const answered: Response[] = [];
  page.on('response', (response) => {
    if (pathOf(response.url()) === endpoints.imageFilters.save) answered.push(response);
  });
  return answered;
}

describe.skipIf(chromiumMissing)('image filter edits made offline in Chromium, replayed after reconnecting', { timeout: 180_000 }, () => {
  const e2e = useE2E(() => ({ env: WITHOUT_BROWSER_POOL }));
  const pages = useOfflinePages(e2e);

  /** The image filter saves the server applied, in its order (see appliedWrites). */
  const appliedFilterSaves = () =>
    appliedWrites(e2e.platform.dataDir, endpoints.imageFilters.save).map(({ key, body }) => ({ key, filter: (JSON.parse(body) as { data: ImageFilter }).data }));

  it('applies 50 edits of 5 filters, made offline across 2 reloads, exactly once each and in order', async () => {
    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const filtersBefore = await serverFilters(api);
    const page = await pages.signedInPage();
    let table = await openImageFilters(page, pages.link.origin);

    await pages.goOffline();
    const ids: string[] = [];
    let edits = 0;
    for (let round = 1; round <= EDITS_PER_RECORD; round += 1) {
      for (let record = 1; record <= RECORDS; record += 1) {
        // A record's first edit creates it (with the id the page makes), so a replay applied twice would show as a second row.
        if (round === 1) ids.push(await addFilter(page, table, editName(record, round)));
        else await renameFilter(table, ids[record - 1] ?? '', editName(record, round));
        edits += 1;
        await waitingCount(page, edits).waitFor();
      }
      if (round === 1) {
        await expectMarkedOffline(page, table, ids);
        await screenshot(page, 'offline-edits-first-round');
      }
      if (RELOAD_AFTER_ROUNDS.includes(round)) {
        const offlineLoad = await page.reload();
        expect(offlineLoad?.fromServiceWorker()).toBe(true);
        table = await showImageFilters(page);
        // The reloaded page still counts every change and shows each record as last edited, marked.
        await waitingCount(page, edits).waitFor();
        for (const [index, id] of ids.entries()) {
          const row = filterRow(table, id);
          await row.getByRole('rowheader', { name: editName(index + 1, round), exact: true }).waitFor();
          await row.getByText(SAVED_OFFLINE_TEXT).waitFor();
        }
        await screenshot(page, `offline-edits-reloaded-after-round-${round}`);
      }
    }
    expect(edits).toBe(RECORDS * EDITS_PER_RECORD);
    await screenshot(page, 'offline-edits-all-made');
    expect(await serverFilters(api)).toEqual(filtersBefore);
    expect(appliedFilterSaves()).toEqual([]);

    const replayed = recordSaves(page);
    await pages.goOnline();
    await allChangesSent(page);
    await poll(() => table.getByText(SAVED_OFFLINE_TEXT).count(), (count) => count === 0, 10_000, (count) => `${count} filters still marked`);
    await screenshot(page, 'offline-edits-synced');

    // Exactly once: one request per edit (the outbox keeps every edit, merging none: docs/decisions.md), each with its
    // own key and applied (not answered from the idempotency store), and the server applied one write per key.
    expect(statuses(replayed)).toEqual(Array.from({ length: RECORDS * EDITS_PER_RECORD }, () => 200));
    const keys = await Promise.all(replayed.map((response) => response.request().headerValue(IDEMPOTENCY_HEADER)));
    expect(keys).not.toContain(null);
    expect(new Set(keys).size).toBe(RECORDS * EDITS_PER_RECORD);
    expect(await Promise.all(replayed.map((response) => response.headerValue(REPLAYED_HEADER)))).toEqual(replayed.map(() => null));
    const applied = appliedFilterSaves();
    expect(applied.map((save) => save.key).sort()).toEqual([...keys].sort());

    // In order: for each record, the server applied edits 1 to 10 in that order, as the page sent them.
    const expectedOrder = ids.map((_, index) => Array.from({ length: EDITS_PER_RECORD }, (__, edit) => editName(index + 1, edit + 1)));
    const namesPerRecord = (saves: { id: string; name: string }[]) => ids.map((id) => saves.filter((save) => save.id === id).map((save) => save.name));
    expect(namesPerRecord(applied.map((save) => save.filter))).toEqual(expectedOrder);
    expect(namesPerRecord(replayed.map((response) => savedFilter(response.url())))).toEqual(expectedOrder);

    // No duplicate rows: the five filters exist once each, under the ids the page made, with their last names.
    const after = await serverFilters(api);
    expect(after).toHaveLength(filtersBefore.length + RECORDS);
    expect(after.filter((filter) => ids.includes(filter.id))).toEqual(
      ids.map((id, index) => ({ id, type: 'platform', name: editName(index + 1, EDITS_PER_RECORD) })),
    );
    for (const [index, id] of ids.entries()) {
      await filterRow(table, id).getByRole('rowheader', { name: editName(index + 1, EDITS_PER_RECORD), exact: true }).waitFor();
    }
  });
});

describe.skipIf(chromiumMissing)('offline edits whose access token expired meanwhile', { timeout: 180_000 }, () => {
  const e2e = useE2E(() => ({ env: { ...WITHOUT_BROWSER_POOL, ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) } }));
  const pages = useOfflinePages(e2e);

  it('refreshes the token once on reconnecting, then replays the edits with the new token', async () => {
    const page = await pages.signedInPage();
    const table = await openImageFilters(page, pages.link.origin);

    await pages.goOffline();
    const staleToken = (await storedItem(page, STORAGE_KEYS.token)) ?? '';
    const ids = [await addFilter(page, table, editName(1, 1)), await addFilter(page, table, editName(2, 1))];
    await renameFilter(table, ids[0] ?? '', editName(1, 2));
    await renameFilter(table, ids[1] ?? '', editName(2, 2));
    await waitingCount(page, 4).waitFor();
    await expectMarkedOffline(page, table, ids);
    await screenshot(page, 'offline-edits-token-expiring');

    // Wait until the token the page holds has expired: the server now refuses it.
    const expiresAt = (decodeJwt(staleToken).exp ?? 0) * 1000;
    await page.waitForTimeout(Math.max(0, expiresAt + 1_000 - Date.now()));
    const refused = await fetch(`${e2e.platform.baseUrl}${endpoints.imageFilters.list}`, { headers: { Authorization: `Bearer ${staleToken}` } });
    expect(refused.status).toBe(401);
    expect(await storedItem(page, STORAGE_KEYS.token)).toBe(staleToken);

    /** The API traffic after reconnecting, in the order the page saw it. */
    const traffic: { event: 'request' | 'response' | 'failed'; path: string; request: Request; response?: Response }[] = [];
    const record = (event: 'request' | 'response' | 'failed', request: Request, response?: Response) => {
      const path = pathOf(request.url());
      if (path.startsWith('/api/')) traffic.push({ event, path, request, response });
    };
    page.on('request', (request) => record('request', request));
    page.on('response', (response) => record('response', response.request(), response));
    // A request lost on the reopening link (a pooled connection the cut had reset) is seen, so that a retry of it is
    // told apart from a second refresh.
    page.on('requestfailed', (request) => record('failed', request));
    const replayed = recordSaves(page);
    await pages.goOnline();
    await allChangesSent(page);
    await page.waitForTimeout(SETTLE_MS);
    await screenshot(page, 'offline-edits-token-refreshed');

    // One refresh, answered with a new token. Before it, only attempts lost on the network (failed, never answered) may
    // have gone out: asking again after a lost request is a retry, not a second refresh. The answered one's unread body
    // may end as failed later (the client reads the refresh's headers only), which is no second refresh either.
    const refreshes = traffic.filter((seen) => seen.path === endpoints.auth.refreshToken);
    const answers = refreshes.filter((seen) => seen.event === 'response');
    expect(answers, JSON.stringify(refreshes.map((seen) => seen.event))).toHaveLength(1);
    const answer = answers[0];
    const answeredAt = answer ? traffic.indexOf(answer) : Number.POSITIVE_INFINITY;
    const lostBeforeAnswer = refreshes.filter((seen) => seen.event === 'failed' && traffic.indexOf(seen) < answeredAt);
    expect(refreshes.filter((seen) => seen.event === 'request')).toHaveLength(1 + lostBeforeAnswer.length);
    const refreshAnswer = answer?.response;
    expect(refreshAnswer?.status()).toBe(200);
    const freshToken = (await refreshAnswer?.headerValue(TOKEN_HEADER)) ?? '';
    expect(freshToken).not.toBe(staleToken);

    // Then the replay: every save went out after the refresh was answered, with the new token, and was applied once.
    const saves = traffic.filter((seen) => seen.event === 'request' && seen.path === endpoints.imageFilters.save);
    expect(saves).toHaveLength(4);
    expect(saves.map((seen) => traffic.indexOf(seen) > answeredAt)).toEqual([true, true, true, true]);
    expect(await Promise.all(saves.map((seen) => seen.request.headerValue('authorization')))).toEqual(saves.map(() => `Bearer ${freshToken}`));
    expect(statuses(replayed)).toEqual([200, 200, 200, 200]);
    // No request went out with the expired token after reconnecting.
    const staleCalls = await Promise.all(traffic.map(async (seen) => (await seen.request.headerValue('authorization')) === `Bearer ${staleToken}`));
    expect(staleCalls.filter(Boolean)).toEqual([]);

    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    expect((await serverFilters(api)).filter((filter) => ids.includes(filter.id)).map((filter) => filter.name)).toEqual([editName(1, 2), editName(2, 2)]);
  });
});
