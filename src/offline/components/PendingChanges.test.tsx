import { createOfflineDbHarness } from '../../../tests/support/offline-db';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../db';
import { PendingChangesIndicator, SavedOfflineMarker } from './PendingChanges';

const entry = (scope: string, index: number): OutboxEntry => ({
  id: `e${index}`,
  mutationKey: ['resources', 'rename'],
  scope,
  variables: { name: `n${index}` },
  idempotencyKey: `k${index}`,
  createdAt: index,
  attempts: 0,
  state: 'pending',
});

describe('pending changes', () => {
  const harness = createOfflineDbHarness('pending-changes');
  afterEach(() => harness.closeAll());

  it('counts the waiting changes and marks the records that have some, live as the outbox changes', async () => {
    const db = harness.open();
    render(
      <>
        <PendingChangesIndicator db={db} />
        <SavedOfflineMarker scope="device:d1" db={db} />
      </>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await db.outbox.bulkAdd([entry('device:d1', 1), entry('device:d2', 2)]);
    expect(await screen.findByRole('status')).toHaveTextContent('2 changes waiting');
    expect(await screen.findByText('saved offline, will sync')).toBeInTheDocument();

    await db.outbox.where('scope').equals('device:d1').delete();
    expect(await screen.findByText('1 change waiting')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('saved offline, will sync')).not.toBeInTheDocument());
  });
});
