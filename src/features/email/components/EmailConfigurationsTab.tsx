import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EMAIL_PAGE_SIZE, EMAIL_HIGHLIGHT_MS, EMAIL_MESSAGES, type EmailConfig, type SaveEmailConfig } from '../../../shared/contracts/email';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Pagination } from '../../../ui/Pagination';
import { Spinner } from '../../../ui/ProgressBar';
import { SearchField } from '../../../ui/SearchField';
import { Table, type TableColumn } from '../../../ui/Table';
import { toast } from '../../../ui/toast-queue';
import { deactivateEmailConfig, deleteEmailConfig, emailConfigsQuery, emailKeys, saveEmailConfig } from '../api/email';
import { announceEmailChange } from '../frame-announcements';
import { pageCount as pageCountOf, pageRows } from '../../../ui/DataTable/table-data';
import { EmailConfigForm } from './EmailConfigForm';
import { TestEmailDialog } from './TestEmailDialog';
import { useSubmittedSearch } from '../../../ui/use-submitted-search';
import { useFleetingValue } from '../../../lib/use-fleeting-value';

const COLUMNS: TableColumn[] = [
  { id: 'fromEmail', header: 'From Email', isRowHeader: true },
  { id: 'emailType', header: 'Type', width: 90 },
  { id: 'emailHost', header: 'Host' },
  { id: 'emailPort', header: 'Port', width: 90 },
  { id: 'security', header: 'SSL / TLS', width: 110 },
  { id: 'emailProvider', header: 'Provider', width: 110 },
  { id: 'status', header: 'Status', width: 100 },
  { id: 'actions', header: 'Actions', width: 300 },
];

type Row = EmailConfig & { id: string };

/** The Email Configurations tab (EMAIL_SETUP): the table, its inline Add/Edit form, test email, remove and delete. */
export function EmailConfigurationsTab() {
  const queryClient = useQueryClient();
  const list = useQuery(emailConfigsQuery());
  const [form, setForm] = useState<{ editing: EmailConfig | null } | null>(null);
  const [testing, setTesting] = useState<EmailConfig | null>(null);
  const [deleting, setDeleting] = useState<EmailConfig | null>(null);
  const [highlighted, setHighlighted] = useFleetingValue<string>(EMAIL_HIGHLIGHT_MS);
  const [page, setPage] = useState(1);
  const search = useSubmittedSearch(() => setPage(1));

  useEffect(() => {
    if (list.error) toast.error(EMAIL_MESSAGES.loadFailed);
  }, [list.error]);

  const changed = (id: string | null) => {
    if (id) setHighlighted(id);
    announceEmailChange();
    void queryClient.invalidateQueries({ queryKey: emailKeys.configs() });
  };
  const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : String(error));

  async function save(payload: SaveEmailConfig): Promise<boolean> {
    try {
      const { message, config } = await saveEmailConfig(payload);
      toast.success(message);
      setForm(null);
      changed(config.configEmailId);
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }
  async function act(work: () => Promise<string>, id: string | null) {
    try {
      toast.success(await work());
      changed(id);
    } catch (error) {
      failed(error);
    }
  }

  const needle = search.applied.trim().toLowerCase();
  const rows: Row[] = (list.data ?? [])
    .filter((config) => needle === '' || `${config.fromEmail} ${config.emailHost} ${config.emailType} ${config.status}`.toLowerCase().includes(needle))
    .map((config) => ({ ...config, id: config.configEmailId }));
  const pageCount = pageCountOf(rows.length, EMAIL_PAGE_SIZE);
  const current = Math.min(page, pageCount);

  const renderCell = (config: Row, column: string) => {
    switch (column) {
      case 'fromEmail':
        return config.fromEmail;
      case 'emailType':
        return config.emailType;
      case 'emailHost':
        return config.emailHost;
      case 'emailPort':
        return String(config.emailPort);
      case 'security':
        return [config.enableSsl ? 'SSL' : null, config.enableTls ? 'TLS' : null].filter(Boolean).join(' / ') || 'None';
      case 'emailProvider':
        return config.emailProvider ?? '';
      case 'status':
        return config.status;
      default:
        return (
          <div className="email-actions">
            <Button variant="ghost" aria-label={`Edit ${config.fromEmail}`} onPress={() => setForm({ editing: config })}>
              Edit
            </Button>
            {config.emailType === 'SMTP' && config.status === 'ACTIVE' && (
              <Button variant="ghost" aria-label={`Send test email from ${config.fromEmail}`} onPress={() => setTesting(config)}>
                Test
              </Button>
            )}
            {config.status === 'ACTIVE' && (
              <Button variant="ghost" aria-label={`Remove ${config.fromEmail}`} onPress={() => void act(() => deactivateEmailConfig(config.configEmailId), config.configEmailId)}>
                Remove
              </Button>
            )}
            <Button variant="ghost" aria-label={`Delete ${config.fromEmail}`} onPress={() => setDeleting(config)}>
              Delete
            </Button>
          </div>
        );
    }
  };

  return (
    <section className="email-tab" aria-label="Email Configurations">
      <div className="email-toolbar">
        <SearchField label="Search" {...search.fieldProps} />
        <Button variant="primary" onPress={() => setForm({ editing: null })}>
          Add Configuration
        </Button>
      </div>
      {form && <EmailConfigForm key={form.editing?.configEmailId ?? 'new'} editing={form.editing} onSave={save} onCancel={() => setForm(null)} />}
      {list.status === 'pending' ? (
        <Spinner label="Loading email configurations" />
      ) : (
        <>
          <p className="email-total">{`${rows.length} total`}</p>
          <Table label="Email Configurations" columns={COLUMNS} rows={pageRows(rows, current, EMAIL_PAGE_SIZE)} renderCell={renderCell} rowClassName={(row) => (row.id === highlighted ? 'email-row--changed' : undefined)} />
          <Pagination label="Email Configurations pagination" page={current} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}
      {testing && <TestEmailDialog config={testing} onClose={() => setTesting(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        message={`Are you sure you want to delete ${deleting?.fromEmail ?? ''}?`}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void act(() => deleteEmailConfig(target.configEmailId), null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
