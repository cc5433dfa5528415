import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, serveConfig, signInAs } from '../../../../tests/support/render-app';
import { MESSAGES } from '../../../shared/constants';

describe('HealthStatusPage', () => {
  it('shows the service status under the title Health Status when the page is enabled', async () => {
    serveConfig({ HealthStatus: { enabled: true } });
    signInAs(['STUDIO']);
    renderApp('/health-status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Health Status' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.allOperational)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Resource Pool: Operational/ })).toBeInTheDocument();
  });
});
