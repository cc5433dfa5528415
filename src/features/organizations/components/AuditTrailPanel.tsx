import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { downloadCsv, toCsv, type CsvColumn } from '../../../lib/csv';
import { formatDate } from '../../../lib/dates';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEntry } from '../../../shared/contracts/audit';
import { TABLE } from '../../../shared/constants';
import { Button } from '../../../ui/Button';
import { ExportCsvDialog } from '../../../ui/DataTable';
import { DatePicker } from '../../../ui/DatePicker';
import { Pagination } from '../../../ui/Pagination';
import { Select, type SelectOption } from '../../../ui/Select';
import { Table } from '../../../ui/Table';
import { toast } from '../../../ui/toast-queue';
import { auditQuery, fetchAllAuditEntries, type AuditFilters } from '../api/audit';
import { auditChangeSummary } from '../audit-changes';
import '../audit-trail.css';

const ANY = 'any';
const ENTITY_LABELS: Record<AuditEntry['entityType'], string> = {
  user: 'User',
  group: 'Group',
  organization: 'Organization',
  license: 'Licence',
  variable: 'Variable',
  email: 'Email settings',
  mailAccount: 'Mail account',
  jira: 'Jira settings',
  schedule: 'Schedule',
  retention: 'Retention settings',
};
const ACTION_LABELS: Record<AuditEntry['action'], string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

const anyOption = (label: string): SelectOption => ({ id: ANY, label });
const entityOptions = [anyOption('All entities'), ...AUDIT_ENTITY_TYPES.map((type) => ({ id: type, label: ENTITY_LABELS[type] }))];
const actionOptions = [anyOption('All actions'), ...AUDIT_ACTIONS.map((action) => ({ id: action, label: ACTION_LABELS[action] }))];

const jsonText = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

type AuditColumn = CsvColumn<AuditEntry> & { id: string; width?: number | `${number}fr` };

const LEADING_COLUMNS: readonly AuditColumn[] = [
  { id: 'at', header: 'When', width: 180, value: (entry) => formatDate(entry.at) },
  { id: 'user', header: 'User', width: 150, value: (entry) => entry.userName },
  { id: 'organization', header: 'Organization', width: 150, value: (entry) => entry.orgName ?? entry.orgId },
  { id: 'entity', header: 'Entity', width: 120, value: (entry) => ENTITY_LABELS[entry.entityType] },
  { id: 'action', header: 'Action', width: 90, value: (entry) => ACTION_LABELS[entry.action] },
];
/** The table shows what changed in one line; the CSV has the entity id and the whole before and after. */
const TABLE_COLUMNS: readonly AuditColumn[] = [...LEADING_COLUMNS, { id: 'changes', header: 'Changes', value: auditChangeSummary }];
const CSV_COLUMNS: readonly AuditColumn[] = [
  ...LEADING_COLUMNS,
  { id: 'entityId', header: 'Entity id', value: (entry) => entry.entityId },
  { id: 'before', header: 'Before', value: (entry) => jsonText(entry.before) },
  { id: 'after', header: 'After', value: (entry) => jsonText(entry.after) },
];

/** A picked day ('yyyy-MM-dd', local) as the instant it starts; `nextDay` for the exclusive end of a range. */
function dayStart(day: string | null, nextDay = false): string | undefined {
  if (day === null) return undefined;
  const start = DateTime.fromISO(day).startOf('day');
  return (nextDay ? start.plus({ days: 1 }) : start).toUTC().toISO() ?? undefined;
}

/**
 * Configuration Management > Audit Trail (issue 30): who changed users, permissions, groups, organizations, licences,
 * variables, email and Jira settings and schedules, newest first, filtered by day range, user, entity and action, and
 * exported as CSV. Secrets arrive masked from the server.
 */
export function AuditTrailPanel() {
  const [fromDay, setFromDay] = useState<string | null>(null);
  const [toDay, setToDay] = useState<string | null>(null);
  const [userId, setUserId] = useState(ANY);
  const [entityType, setEntityType] = useState(ANY);
  const [action, setAction] = useState(ANY);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const pageSize = TABLE.defaultPageSize;

  const rangeError = fromDay !== null && toDay !== null && fromDay > toDay ? 'The end date must not be before the start date.' : undefined;
  const filters: AuditFilters = {
    from: dayStart(fromDay),
    to: dayStart(toDay, true),
    userId: userId === ANY ? undefined : userId,
    entityType: entityType === ANY ? undefined : entityType,
    action: action === ANY ? undefined : action,
  };
  const audit = useQuery({ ...auditQuery(filters, page, pageSize), enabled: rangeError === undefined });
  const data = audit.data;
  const userOptions = [anyOption('All users'), ...(data?.users ?? []).map((user) => ({ id: user.id, label: user.name }))];

  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const exportCsv = async (fileName: string) => {
    try {
      downloadCsv(fileName, toCsv(CSV_COLUMNS, await fetchAllAuditEntries(filters)));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed.');
    }
  };

  return (
    <section className="audit-trail" aria-labelledby="audit-trail-heading">
      <h2 id="audit-trail-heading">Audit Trail</h2>
      <div role="group" aria-label="Audit trail filters" className="audit-trail__filters">
        <DatePicker label="From" value={fromDay} onChange={filtered(setFromDay)} max={toDay ?? undefined} />
        <DatePicker label="To" value={toDay} onChange={filtered(setToDay)} min={fromDay ?? undefined} errorMessage={rangeError} />
        <Select label="User" options={userOptions} selectedKey={userId} onSelectionChange={filtered((id: string | null) => setUserId(id ?? ANY))} />
        <Select label="Entity" options={entityOptions} selectedKey={entityType} onSelectionChange={filtered((id: string | null) => setEntityType(id ?? ANY))} />
        <Select label="Action" options={actionOptions} selectedKey={action} onSelectionChange={filtered((id: string | null) => setAction(id ?? ANY))} />
        <span className="audit-trail__spacer" />
        <Button variant="secondary" isDisabled={!data || data.total === 0} onPress={() => setExporting(true)}>
          Export CSV
        </Button>
      </div>
      {audit.isError && (
        <p role="alert" className="audit-trail__error">
          {audit.error.message}
        </p>
      )}
      <Table
        label="Audit trail"
        columns={TABLE_COLUMNS.map(({ id, header, width }) => ({ id, header, width, isRowHeader: id === 'at' }))}
        rows={data?.entries ?? []}
        renderCell={(entry, columnId) => {
          const column = TABLE_COLUMNS.find((candidate) => candidate.id === columnId);
          const text = column ? String(column.value(entry) ?? '') : '';
          return columnId === 'changes' ? (
            <span className="audit-trail__changes" title={text}>
              {text}
            </span>
          ) : (
            text
          );
        }}
        emptyMessage={audit.isPending ? 'Loading…' : 'No changes recorded.'}
      />
      <div className="audit-trail__footer">
        <span>{data ? `${data.total} total` : ''}</span>
        <Pagination label="Audit trail pagination" page={page} pageCount={Math.max(1, Math.ceil((data?.total ?? 0) / pageSize))} onPageChange={setPage} />
      </div>
      {exporting && <ExportCsvDialog defaultFileName="Audit trail" onExport={(fileName) => void exportCsv(fileName)} onClose={() => setExporting(false)} />}
    </section>
  );
}
