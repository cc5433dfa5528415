import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openReportModal } from '../../../../tests/support/report-modal';
import { RETENTION_MESSAGES } from '../../../shared/contracts/retention';
import type { RunDetails } from '../../../shared/contracts/runs';

const openReport = (overrides: Partial<RunDetails>) => openReportModal({ testSuiteName: 'Old nightly', ...overrides });

describe('CollectionReportModal after the retention purge', () => {
  it('says the screenshot and attachments were removed by the retention policy instead of linking to them', async () => {
    openReport({ artifactsRemovedAt: '2026-11-20T12:00:00.000Z', attachments: [{ path: 'run-1/video.webm', name: 'video.webm' }] });
    const table = await screen.findByRole('grid', { name: 'Flow details' });
    const failedRow = within(table).getAllByRole('row').find((row) => row.textContent.includes('FAILED'));
    expect(failedRow).toBeDefined();
    expect(within(failedRow as HTMLElement).getByText(RETENTION_MESSAGES.screenshotRemoved)).toBeInTheDocument();
    expect(within(failedRow as HTMLElement).getByText(RETENTION_MESSAGES.attachmentRemoved)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Image 1/ })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Collection Report' });
    expect(within(dialog).queryByRole('button', { name: /video\.webm/ })).not.toBeInTheDocument();
    expect(within(dialog).getAllByText(RETENTION_MESSAGES.attachmentRemoved).length).toBeGreaterThanOrEqual(2);
  });

  it('links to the files while they are kept', async () => {
    openReport({ artifactsRemovedAt: null });
    expect(await screen.findByRole('button', { name: 'Image 1: failure.png' })).toBeInTheDocument();
    expect(screen.queryByText(RETENTION_MESSAGES.screenshotRemoved)).not.toBeInTheDocument();
  });
});
