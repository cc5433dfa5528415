import { insertFailureLabel, attachCollectionLabel } from '../failure-labels/repository';
import { insertHistoryCollection, insertHistoryFiring, insertHistoryRuns, insertHistorySchedule, type HistoryRun } from '../testing/historyFixtures';
import type { Db } from '../db/database';

/**
 * Run history with known outcomes for the custom dashboard tests, written straight into the database (testing/
 * historyFixtures): three collections, a schedule whose firings ran one of them, failure labels, and runs on both
 * sides of the frame's UTC bounds. FRAME and the expected figures are worked out by hand in the tests.
 */

export const FRAME = { startDate: '2026-03-02', endDate: '2026-03-04' };

const SECOND = 1000;

export interface SeededHistory {
  collections: { login: string; checkout: string; search: string };
  scheduleId: string;
  runs: Record<string, string>;
}

interface SeededRun {
  key: string;
  collectionId: string;
  state: HistoryRun['state'];
  started: string;
  seconds: number;
}

export async function seedHistory(db: Db, orgId: string, userId: string): Promise<SeededHistory> {
  const createdAt = '2026-01-01T00:00:00.000Z';
  const collections = {
    login: await insertHistoryCollection(db, { orgId, name: 'Login', createdAt }),
    checkout: await insertHistoryCollection(db, { orgId, name: 'Checkout', createdAt }),
    search: await insertHistoryCollection(db, { orgId, name: 'Search', createdAt }),
  };
  const scheduleId = await insertHistorySchedule(db, { orgId, name: 'Nightly', createdBy: userId, createdAt: Date.parse(createdAt), updatedAt: Date.parse(createdAt) });
  const planned: SeededRun[] = [
    { key: 'loginPassed', collectionId: collections.login, state: 'PASSED', started: '2026-03-02T00:00:00.000Z', seconds: 60 },
    { key: 'loginFailed', collectionId: collections.login, state: 'FAILED', started: '2026-03-02T10:00:00.000Z', seconds: 90 },
    // The last instant of the frame's last day, and the first of the day after.
    { key: 'checkoutLastSecond', collectionId: collections.checkout, state: 'PASSED', started: '2026-03-04T23:59:59.000Z', seconds: 31 },
    { key: 'checkoutNextDay', collectionId: collections.checkout, state: 'FAILED', started: '2026-03-05T00:00:00.000Z', seconds: 7 },
    { key: 'loginDayBefore', collectionId: collections.login, state: 'PASSED', started: '2026-03-01T23:59:59.999Z', seconds: 3 },
    { key: 'searchScheduledFailed', collectionId: collections.search, state: 'FAILED', started: '2026-03-03T12:00:00.000Z', seconds: 600 },
    { key: 'searchManualFailed', collectionId: collections.search, state: 'FAILED', started: '2026-03-03T13:00:00.000Z', seconds: 5 },
    { key: 'loginCancelled', collectionId: collections.login, state: 'CANCELLED', started: '2026-03-03T09:00:00.000Z', seconds: 20 },
    { key: 'loginAborted', collectionId: collections.login, state: 'ABORTED', started: '2026-03-03T10:00:00.000Z', seconds: 40 },
    { key: 'searchScheduledPassed', collectionId: collections.search, state: 'PASSED', started: '2026-03-04T08:00:00.000Z', seconds: 1 },
  ];
  const ids = await insertHistoryRuns(
    db,
    planned.map((run) => ({
      orgId,
      collectionId: run.collectionId,
      state: run.state,
      submitted: run.started,
      started: run.started,
      completed: new Date(Date.parse(run.started) + run.seconds * SECOND).toISOString(),
      testSuiteName: `Run of ${run.collectionId}`,
    })),
  );
  const runs = Object.fromEntries(planned.map((run, index) => [run.key, ids[index] ?? '']));
  const ranBySchedule = (key: string) => ({ statusId: runs[key] ?? '' });
  // loginPassed ran a linked collection and was fired by the linked schedule too: it must count once.
  await insertHistoryFiring(db, { scheduleId, orgId, triggeredAt: Date.parse('2026-03-03T11:59:00.000Z'), items: [ranBySchedule('searchScheduledFailed'), ranBySchedule('loginPassed')] });
  await insertHistoryFiring(db, { scheduleId, orgId, triggeredAt: Date.parse('2026-03-04T07:59:00.000Z'), items: [ranBySchedule('searchScheduledPassed')] });
  const flaky = await insertFailureLabel(db, orgId, 'Flaky');
  const productBug = await insertFailureLabel(db, orgId, 'Product bug');
  await attachCollectionLabel(db, runs.loginFailed ?? '', flaky.labelId, userId);
  await attachCollectionLabel(db, runs.searchScheduledFailed ?? '', productBug.labelId, userId);
  await attachCollectionLabel(db, runs.checkoutNextDay ?? '', flaky.labelId, userId);
  return { collections, scheduleId, runs };
}
