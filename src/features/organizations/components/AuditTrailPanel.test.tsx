import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { captureSavedBlobs } from '../../../../tests/support/saved-blobs';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { AUDIT_MASK, type AuditEntry, type AuditListResponse } from '../../../shared/contracts/audit';
import { endpoints } from '../../../shared/endpoints';
import { AuditTrailPanel } from './AuditTrailPanel';
import { waitUntil } from '../../../../tests/support/wait';

const entry = (id: number, overrides: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: new Date(Date.UTC(2026, 10, 20 - id, 9)).toISOString(),
  orgId: 'org-1',
  orgName: 'Acme',
  userId: 'u-ada',
  userName: 'Ada Admin',
  entityType: 'user',
  entityId: `e-${id}`,
  action: 'update',
  before: null,
  after: null,
  ...overrides,
});

const ENTRIES: AuditEntry[] = [
  entry(1, { entityType: 'schedule', action: 'create', after: { name: 'Nightly' } }),
  entry(2, { entityType: 'jira', action: 'create', after: { base_url: 'https://jira.example', api_token_sealed: AUDIT_MASK } }),
  entry(4, { entityType: 'variable', before: { variable_name: 'url', value: ['a'] }, after: { variable_name: 'url', value: ['b'] } }),
  entry(3, { userId: 'u-eve', userName: '=HYPERLINK("http://evil.example")', entityType: 'variable', action: 'delete', before: { variable_name: 'x' } }),
];

/** GET /api/audit over ENTRIES, filtered and paged as the server does; the asked queries are kept. */
function serveAudit(entries = ENTRIES) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(anyOrigin(endpoints.audit.list), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const matching = entries.filter(
        (candidate) =>
          (!query.get('entityType') || candidate.entityType === query.get('entityType')) &&
          (!query.get('action') || candidate.action === query.get('action')) &&
          (!query.get('userId') || candidate.userId === query.get('userId')) &&
          (!query.get('from') || candidate.at >= (query.get('from') ?? '')),
      );
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 25);
      const body: AuditListResponse = {
        success: true,
        data: {
          entries: matching.slice((page - 1) * pageSize, page * pageSize),
          total: matching.length,
          page,
          pageSize,
          users: [
            { id: 'u-ada', name: 'Ada Admin' },
            { id: 'u-eve', name: 'Eve' },
          ],
        },
      };
      return HttpResponse.json(body);
    }),
  );
  return asked;
}

function renderPanel() {
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditTrailPanel />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.restoreAllMocks());

describe('AuditTrailPanel', () => {
  it('lists the changes with who, what and the masked before and after', async () => {
    serveAudit();
    renderPanel();
    const table = await screen.findByRole('grid', { name: 'Audit trail' });
    expect(await within(table).findByText('Jira settings')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(ENTRIES.length + 1);
    expect(within(table).getByText('base_url: https://jira.example')).toBeInTheDocument();
    expect(within(table).getByText('variable_name: x')).toBeInTheDocument();
    expect(within(table).getByText('value: ["a"] → ["b"]')).toBeInTheDocument();
    expect(screen.getByText('4 total')).toBeInTheDocument();
  });

  it('asks the server for the chosen entity, action and user, from the first page', async () => {
    const asked = serveAudit();
    const user = renderPanel();
    await screen.findByText('4 total');
    await user.click(screen.getByRole('button', { name: /Entity/ }));
    await user.click(await screen.findByRole('option', { name: 'Schedule' }));
    expect(await screen.findByText('1 total')).toBeInTheDocument();
    expect(asked.at(-1)?.get('entityType')).toBe('schedule');
    expect(asked.at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: /Entity/ }));
    await user.click(await screen.findByRole('option', { name: 'All entities' }));
    await user.click(screen.getByRole('button', { name: /User/ }));
    await user.click(await screen.findByRole('option', { name: 'Eve' }));
    expect(await screen.findByText('1 total')).toBeInTheDocument();
    expect(asked.at(-1)?.get('userId')).toBe('u-eve');
    expect(asked.at(-1)?.has('entityType')).toBe(false);

    await user.click(screen.getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('option', { name: 'Created' }));
    expect(await screen.findByText('0 total')).toBeInTheDocument();
    expect(screen.getByText('No changes recorded.')).toBeInTheDocument();
  });

  it('exports every matching entry as CSV from the keyboard, a formula cell escaped', async () => {
    const asked = serveAudit();
    const saved = captureSavedBlobs();
    const user = renderPanel();
    await screen.findByText('4 total');
    screen.getByRole('button', { name: 'Export CSV' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(within(dialog).getByRole('textbox', { name: 'File name' })).toHaveValue('Audit trail');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitUntil(() => expect(saved).toHaveLength(1));
    const csv = await saved[0]!.text();
    expect(asked.at(-1)?.get('pageSize')).toBe('500');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFWhen,User,Organization,Entity,Action,Entity id,Before,After');
    expect(csv).toContain(`"{""base_url"":""https://jira.example"",""api_token_sealed"":""${AUDIT_MASK}""}"`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.split('\r\n')).toHaveLength(ENTRIES.length + 1);
  });

  it('says why when the server refuses', async () => {
    server.use(http.get(anyOrigin(endpoints.audit.list), () => HttpResponse.json({ success: false, message: 'You have no access to this.' }, { status: 403 })));
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no access to this.');
  });
});
