import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { DISK_MESSAGES, type DiskFolder } from '../../../shared/contracts/disk';
import { DiskSpaceWidget } from './DiskSpaceWidget';

const GB = 2 ** 30;

function renderWith(folders: DiskFolder[]) {
  server.use(http.get(anyOrigin('/api/health/disk'), () => HttpResponse.json({ success: true, data: folders })));
  signInAs([]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DiskSpaceWidget />
    </QueryClientProvider>,
  );
}

describe('DiskSpaceWidget', () => {
  it('shows each folder as a meter of used space, named with its free space, and no warning when there is room', async () => {
    renderWith([{ setting: 'DATA_DIR', totalBytes: 200 * GB, freeBytes: 50 * GB, level: 'ok' }]);
    const meter = await screen.findByRole('meter', { name: 'DATA_DIR: 75 % used' });
    expect(meter).toHaveAttribute('aria-valuenow', '75');
    expect(meter).toHaveAttribute('aria-valuetext', '50.0 GB free of 200.0 GB (25.0 %)');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns of a folder below 10 % free and alerts of one below 2 %, where runs and imports are refused', async () => {
    renderWith([
      { setting: 'DATA_DIR', totalBytes: 100 * GB, freeBytes: 8 * GB, level: 'low' },
      { setting: 'ARTIFACTS_DIR', totalBytes: 100 * GB, freeBytes: 1 * GB, level: 'full' },
    ]);
    const folders = await screen.findByRole('list', { name: 'Folders' });
    const alerts = within(folders).getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([`DATA_DIR: ${DISK_MESSAGES.low}`, `ARTIFACTS_DIR: ${DISK_MESSAGES.full}`]);
    expect(DISK_MESSAGES.full).toBe('Below 2.0 % free: new runs and imports are refused until space is freed.');
    expect(screen.getByRole('meter', { name: 'ARTIFACTS_DIR: 99 % used' })).toHaveAttribute('aria-valuetext', '1.0 GB free of 100.0 GB (1.0 %)');
  });
});
