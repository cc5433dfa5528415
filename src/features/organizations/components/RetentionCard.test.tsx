import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrganization, organizationsBackend } from '../../../../tests/msw/organizations';
import { renderApp, signInAs } from '../../../../tests/support/render-app';
import { RETENTION_MESSAGES } from '../../../shared/contracts/retention';

function renderRetention() {
  organizationsBackend.organizations = [makeOrganization({ id: 'org-acme', name: 'Acme' })];
  signInAs(['ORGANIZATIONS_MANAGEMENT'], { orgId: 'org-acme' });
  return renderApp('/organizations/org-acme');
}

describe('RetentionCard', () => {
  beforeEach(() => organizationsBackend.reset());

  it('shows the defaults, checks each field, and saves', async () => {
    const { user } = renderRetention();
    const card = await screen.findByRole('region', { name: 'Retention' });
    const runs = await within(card).findByRole('textbox', { name: 'Keep runs (days)' });
    const artifacts = within(card).getByRole('textbox', { name: 'Keep artifacts (days)' });
    const audit = within(card).getByRole('textbox', { name: 'Keep the audit trail (days)' });
    expect([runs, artifacts, audit].map((field) => (field as HTMLInputElement).value)).toEqual(['90', '30', '365']);
    expect(within(card).getByText(/The defaults: no setting saved yet\./)).toBeInTheDocument();

    await user.clear(runs);
    await user.type(runs, '20');
    await user.clear(artifacts);
    await user.type(artifacts, '25');
    await user.click(within(card).getByRole('button', { name: 'Save retention' }));
    expect(within(card).getByText(RETENTION_MESSAGES.artifactsLongerThanRuns)).toBeInTheDocument();
    await user.clear(audit);
    await user.type(audit, '1.5');
    expect(within(card).getByText('Audit trail: enter a whole number of days.')).toBeInTheDocument();
    expect(organizationsBackend.retentionSaved).toHaveLength(0);

    await user.clear(artifacts);
    await user.type(artifacts, '14');
    await user.clear(audit);
    await user.type(audit, '400{Enter}');
    expect(await screen.findByText(RETENTION_MESSAGES.saved)).toBeInTheDocument();
    expect(organizationsBackend.retentionSaved).toEqual([{ id: 'org-acme', body: { runsDays: 20, artifactsDays: 14, auditDays: 400 } }]);
    expect(await within(card).findByText(/^Saved /)).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: 'Keep runs (days)' })).toHaveValue('20');
  });

  it("shows the server's message under the field it names", async () => {
    const { user } = renderRetention();
    const card = await screen.findByRole('region', { name: 'Retention' });
    organizationsBackend.failure = { status: 400, message: 'runsDays: too long', fieldErrors: { runsDays: ['Runs must be between 1 and 3650 days.'] } };
    await user.click(await within(card).findByRole('button', { name: 'Save retention' }));
    expect(await within(card).findByText('Runs must be between 1 and 3650 days.')).toBeInTheDocument();
  });
});
