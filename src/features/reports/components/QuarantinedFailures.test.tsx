import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { openReportModal } from '../../../../tests/support/report-modal';
import type { RunDetails } from '../../../shared/contracts/runs';

const openReport = (overrides: Partial<RunDetails>) => openReportModal(overrides);

beforeEach(() => clearAppOfflineDb());

describe('the report’s quarantined failures (issue 29)', () => {
  it('lists the flows that failed in quarantine apart, with their reasons, on a run that passed', async () => {
    openReport({
      testStatus: 'PASSED',
      quarantinedFailures: [
        { flowId: 'pay', flowName: 'Pay', reason: 'Payment sandbox times out', quarantinedBy: 'lead@example.test', quarantinedAt: '2026-11-20T09:00:00.000Z' },
      ],
    });
    const block = await screen.findByRole('region', { name: 'Quarantined failures' });
    expect(within(block).getByText('These flows failed while in quarantine: their failures do not count in the run’s result.')).toBeInTheDocument();
    const item = within(block).getByRole('listitem');
    expect(item).toHaveTextContent('Pay: Payment sandbox times out');
    expect(item).toHaveTextContent('quarantined by lead@example.test');
  });

  it('shows no such block when no flow in quarantine failed', async () => {
    openReport({});
    expect(await screen.findByRole('dialog', { name: 'Collection Report' })).toBeInTheDocument();
    await screen.findByText('Nightly collection');
    expect(screen.queryByRole('region', { name: 'Quarantined failures' })).not.toBeInTheDocument();
  });
});
