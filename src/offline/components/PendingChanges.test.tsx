import { withCloneableBlobs } from '../../../tests/support/cloneable-blobs';
import { createOfflineDbHarness } from '../../../tests/support/offline-db';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAccessToken } from '../../../tests/msw/factories';
import { setSession } from '../../lib/session';
import type { OfflineDb, OutboxEntry } from '../db';
import { useHasPendingChanges } from '../queue-views';
import { PendingChangesIndicator, SavedOfflineBadge } from './PendingChanges';

withCloneableBlobs();

/** A record's mark, as the screens put it next to a record with changes waiting. */
function SavedOfflineMarker({ record, db }: { record: string; db: OfflineDb }) {
  return useHasPendingChanges(record, db) ? <SavedOfflineBadge /> : null;
}

const entry = (record: string, index: number, userId = 'ann'): OutboxEntry => ({
  id: `e${index}`,
  mutationKey: ['resources', 'rename'],
  scope: record,
  record,
  label: `Resource ${index}`,
  userId,
  variables: { name: `n${index}` },
  idempotencyKey: `k${index}`,
  createdAt: index,
  attempts: 0,
  state: 'pending',
});

const signInAs = (userId: string) => act(() => setSession({ token: makeAccessToken({ sub: userId }), refreshToken: 'r', userId }));

describe('pending changes', () => {
  const harness = createOfflineDbHarness('pending-changes');
  afterEach(() => harness.closeAll());

  it("counts the signed-in user's waiting changes and marks their records, live as the outbox changes", async () => {
    signInAs('ann');
    const db = harness.open();
    render(
      <>
        <PendingChangesIndicator db={db} />
        <SavedOfflineMarker record="device:d1" db={db} />
        <SavedOfflineMarker record="device:d3" db={db} />
      </>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await db.outbox.bulkAdd([entry('device:d1', 1), entry('device:d2', 2), entry('device:d3', 3, 'bob')]);
    expect(await screen.findByRole('status', { name: '2 changes waiting' })).toHaveTextContent('2 changes waiting');
    expect(await screen.findAllByText('saved offline, will sync')).toHaveLength(1);

    await db.outbox.where('record').equals('device:d1').delete();
    expect(await screen.findByText('1 change waiting')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('saved offline, will sync')).not.toBeInTheDocument());

    // Another user of this browser sees only their own.
    signInAs('bob');
    expect(await screen.findByText('1 change waiting')).toBeInTheDocument();
    expect(await screen.findByText('saved offline, will sync')).toBeInTheDocument();
  });
});
