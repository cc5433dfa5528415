import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQueryOptions } from '../../../lib/config';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { flags } from '../../../shared/config';
import { deviceDisplayNameOf } from '../../../shared/contracts/devices';
import { VARIABLE_LIMITS, type Variable } from '../../../shared/contracts/variables';
import { hasPermission } from '../../../shared/permissions';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Pagination } from '../../../ui/Pagination';
import { Spinner } from '../../../ui/ProgressBar';
import { SearchField } from '../../../ui/SearchField';
import { Select } from '../../../ui/Select';
import { Table, type TableColumn } from '../../../ui/Table';
import { toast } from '../../../ui/toast-queue';
import { variableResourcesQuery } from '../api/resources';
import { removeVariable, variableListQuery, variableSearchQuery, variableUsage } from '../api/variables';
import { variablesKeys } from '../api/variables-keys';
import { ExcelDetailDialog } from './ExcelDetailDialog';
import { VariableFormDialog } from './VariableFormDialog';
import { announceVariableChange } from '../frame-announcements';
import { IN_USE_HIGHLIGHT_MS, VARIABLES_TEXT } from '../variable-messages';
import { ofType, typeFilters, variableRows, type TypeFilter, type VariableFeatures } from '../variable-rows';
import '../variables.css';
import { pageCount, pageRows } from '../../../ui/DataTable/table-data';
import { useSubmittedSearch } from '../../../ui/use-submitted-search';
import { useFleetingValue } from '../../../lib/use-fleeting-value';

export interface ManageVariablesProps {
  /** Called after a save or removal, so other areas' variable lists refresh (the route composes it). */
  onVariablesChanged?: () => void;
}

/** §2: user variables are read and written; a System variable shows its own access. */
const USER_VARIABLE_ACCESS = 'read - write';

type FormState = { editing: Variable | null } | null;

/** Manage Variables of spec part 2 §2, §4, §5 and §8: what the page and the settings menu's modal both show. */
export function ManageVariables({ onVariablesChanged }: ManageVariablesProps) {
  const queryClient = useQueryClient();
  const { data: config = {} } = useQuery(configQueryOptions);
  const { data: user } = useQuery(userDetailsQueryOptions());
  const features: VariableFeatures = {
    systemVariables: flags.systemVariables(config),
    resourceVariables: flags.resourceVariables(config),
    resourcePooling: flags.resourcePooling(config),
    excel: hasPermission(user?.permissions.features, 'DATASOURCE_INPUT'),
  };
  const pageSize = flags.variablePageSize(config);
  const list = useQuery(variableListQuery());
  const resources = useQuery({ ...variableResourcesQuery(), enabled: features.resourceVariables });
  const [type, setType] = useState<TypeFilter>('All');
  const [page, setPage] = useState(1);
  const search = useSubmittedSearch(() => setPage(1));
  // An applied search asks the server (§7 search); the full list stays loaded for the form's taken names.
  const searchText = search.applied.trim();
  const found = useQuery({ ...variableSearchQuery(searchText), enabled: searchText !== '' });
  const shownList = searchText === '' ? list : found;
  const [form, setForm] = useState<FormState>(null);
  const [detail, setDetail] = useState<Variable | null>(null);
  const [removing, setRemoving] = useState<Variable | null>(null);
  const [highlighted, setHighlighted] = useFleetingValue<string>(IN_USE_HIGHLIGHT_MS);

  useEffect(() => {
    if (shownList.error) toast.error(VARIABLES_TEXT.loadFailed);
  }, [shownList.error]);

  const deviceName = new Map((resources.data ?? []).map((device) => [device.deviceId, deviceDisplayNameOf(device)]));
  const valueText = (variable: Variable): string => {
    if (variable.valueType === 'Resource') return variable.value.map((id) => deviceName.get(id) ?? id).join(', ');
    if (variable.valueType === 'Excel') return `${variable.dataSource ?? ''} (${variable.value.join(', ')})`;
    return variable.value.join(', ');
  };
  const all = list.data ? variableRows(list.data, features) : [];
  const filtered = shownList.data ? ofType(variableRows(shownList.data, features), type) : [];
  const pages = pageCount(filtered.length, pageSize);
  const shown = pageRows(filtered, Math.min(page, pages), pageSize);

  const columns: TableColumn[] = [
    { id: 'variableName', header: 'Variable Name', isRowHeader: true },
    ...(features.resourceVariables ? [{ id: 'valueType', header: 'Type', width: 120 }] : []),
    { id: 'value', header: 'Value' },
    ...(features.systemVariables ? [{ id: 'access', header: 'Access', width: 130 }] : []),
    { id: 'actions', header: 'Actions', width: 170 },
  ];

  const changed = (change: 'saved' | 'removed', variable: Variable) => {
    announceVariableChange(change, variable);
    void queryClient.invalidateQueries({ queryKey: variablesKeys.all });
    onVariablesChanged?.();
  };

  async function remove(variable: Variable) {
    setRemoving(null);
    try {
      const usage = await variableUsage(variable.id);
      if (usage.collections.length > 0) {
        toast.error(VARIABLES_TEXT.inUse(usage.collections.map((collection) => collection.testSuiteName)));
        setHighlighted(variable.id);
        return;
      }
      toast.success(await removeVariable(variable.id));
      changed('removed', variable);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  const renderCell = (variable: Variable, column: string) => {
    switch (column) {
      case 'variableName':
        return variable.valueType === 'Excel' ? (
          <Button variant="ghost" onPress={() => setDetail(variable)} aria-label={`Show ${variable.variableName} detail`}>
            {variable.variableName}
          </Button>
        ) : (
          variable.variableName
        );
      case 'valueType':
        return variable.valueType;
      case 'value':
        return valueText(variable);
      case 'access':
        return variable.valueType === 'System' ? (variable.access ?? '') : USER_VARIABLE_ACCESS;
      default:
        // System variables are read-only (§2).
        return variable.valueType === 'System' ? null : (
          <div className="variables-actions">
            <Button variant="ghost" onPress={() => setForm({ editing: variable })} aria-label={`Edit ${variable.variableName}`}>
              Edit
            </Button>
            <Button variant="ghost" onPress={() => setRemoving(variable)} aria-label={`Remove ${variable.variableName}`}>
              Remove
            </Button>
          </div>
        );
    }
  };

  return (
    <div className="variables-manage">
      <div className="variables-toolbar">
        <Select
          label="Type"
          options={typeFilters(features).map((filter) => ({ id: filter, label: filter }))}
          selectedKey={type}
          onSelectionChange={(id) => {
            setType(typeFilters(features).find((filter) => filter === id) ?? 'All');
            setPage(1);
          }}
        />
        <SearchField label="Search" maxLength={VARIABLE_LIMITS.searchText} {...search.fieldProps} />
        <Button variant="primary" onPress={() => setForm({ editing: null })}>
          Add Variable
        </Button>
      </div>
      {shownList.status === 'pending' ? (
        <Spinner label="Loading variables" />
      ) : (
        <>
          <p className="variables-total">{`${filtered.length} total`}</p>
          <Table
            label="Variables"
            columns={columns}
            rows={shown}
            renderCell={renderCell}
            rowClassName={(variable) => (variable.id === highlighted ? 'variables-row--in-use' : undefined)}
          />
          <Pagination label="Variables pagination" page={Math.min(page, pages)} pageCount={pages} onPageChange={setPage} />
        </>
      )}
      {form && (
        <VariableFormDialog
          editing={form.editing}
          taken={all.map((variable) => variable.variableName)}
          features={features}
          resources={resources.data ?? []}
          onClose={() => setForm(null)}
          onSaved={(variable) => {
            setForm(null);
            changed('saved', variable);
          }}
        />
      )}
      {detail && <ExcelDetailDialog variable={detail} onClose={() => setDetail(null)} />}
      <ConfirmDialog
        isOpen={removing !== null}
        message={VARIABLES_TEXT.removeConfirm(removing?.variableName ?? '')}
        okText="Yes"
        cancelText="Cancel"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
      />
    </div>
  );
}
