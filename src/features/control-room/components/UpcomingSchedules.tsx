import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { required } from '../../../lib/validators';
import { flags, type StudioConfig } from '../../../shared/config';
import { SavedOfflineBadge } from '../../../offline/components/PendingChanges';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { usePendingOverlay, usePendingRecords } from '../../../offline/queue-views';
import { MESSAGES, POLL } from '../../../shared/constants';
import type { SaveScheduleInput, Schedule } from '../../../shared/contracts/schedules';
import { Button } from '../../../ui/Button';
import { DataTable, useChangedRows, type DataTableColumn, type DataTableValues } from '../../../ui/DataTable';
import { MenuButton, type MenuAction } from '../../../ui/Menu';
import { Switch } from '../../../ui/Switch';
import { toast } from '../../../ui/toast-queue';
import type { TableRowId } from '../../../ui/Table';
import { controlRoomKeys } from '../api/control-room-keys';
import { deleteSchedule } from '../api/delete-schedule';
import { runNow } from '../api/run-now';
import { scheduleRecord } from '../api/save-schedule';
import { schedulesQuery } from '../api/schedules';
import { CONTROL_ROOM_MESSAGES as M } from '../control-room-messages';
import { emptyScheduleForm, saveBodyOf, scheduleFormOf, userTimeZone, type ScheduleForm } from '../schedule-form';
import { duplicateBody, isPast, nextRunText, repeatLabel, saveBodyFromSchedule, selectionText, sortSchedules, toggledBody } from '../schedule-rows';
import { useScheduleChoices } from '../use-schedule-choices';
import { useScheduleSaves } from '../use-schedule-saves';
import { RuntimeConfigurationDialog } from './RuntimeConfigurationDialog';
import { ScheduleFormDialog } from './ScheduleFormDialog';
import { ScheduleHistoryDialog } from './ScheduleHistoryDialog';

type OpenDialog =
  /** The schedule popup; `schedule` is the one being edited, absent for a new one. */
  | { kind: 'form'; initial: ScheduleForm; schedule?: Schedule }
  | { kind: 'runtime'; scheduleId: string }
  | { kind: 'history'; scheduleId: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.somethingWentWrong);

/** Runs an action and reports its failure with the server's message; resolves whether it succeeded. */
async function reported<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    toast.error(errorText(error));
    throw error;
  }
}

/** The Upcoming Schedules table of the Autonomous Bot tab (part 2 §2) with its popups. */
export function UpcomingSchedules({ config }: { config: StudioConfig }) {
  const queryClient = useQueryClient();
  const schedules = useQuery(schedulesQuery());
  const rows = usePendingOverlay(schedulesQuery().queryKey, schedules.data);
  const zone = userTimeZone();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ rowId: TableRowId; isValid: boolean } | null>(null);
  const choices = useScheduleChoices(null);
  // Every save highlights its row for 5 s (§2), whether made inline, by a row action or in a popup.
  const changedRows = useChangedRows();
  const refresh = () => queryClient.invalidateQueries({ queryKey: controlRoomKeys.schedules() });

  const scheduleSaves = useScheduleSaves();
  const pendingRecords = usePendingRecords();

  /** Saves now, or offline (then the list shows the kept save, marked). */
  const save = async (body: SaveScheduleInput) => {
    changedRows.markChanged(await reported(() => scheduleSaves.save(body)));
  };

  const act = (action: () => Promise<unknown>) => void action().catch(() => undefined);

  const saveName = async (row: Schedule, changes: DataTableValues) => save(saveBodyFromSchedule(row, { name: (changes.name ?? row.name).trim() }));
  const loadForEdit = (row: Schedule) => reported(() => scheduleSaves.latest(row.id));

  const openEditor = (row: Schedule) =>
    act(async () => {
      const schedule = await loadForEdit(row);
      setDialog({ kind: 'form', initial: scheduleFormOf(schedule, zone), schedule });
    });

  const toggle = (row: Schedule, enabled: boolean) =>
    act(async () => {
      const latest = await loadForEdit(row);
      await save(toggledBody(latest, enabled, Date.now()));
    });

  const duplicate = (row: Schedule) =>
    act(async () => {
      const latest = await loadForEdit(row);
      await save(duplicateBody(latest, M.copyOf(latest.name)));
    });

  const startNow = (row: Schedule) =>
    act(async () => {
      await reported(() => runNow(row.id));
      toast.info(M.startingExecution);
      await queryClient.invalidateQueries({ queryKey: controlRoomKeys.queue() });
    });

  const remove = (row: Schedule) =>
    act(async () => {
      setConfirmingDelete(null);
      await reported(() => deleteSchedule(row.id));
      toast.success(M.scheduleDeleted);
      await refresh();
    });

  // The popup shows a refusal itself, beside its Save button.
  const saveForm = async (form: ScheduleForm) => {
    const base = dialog?.kind === 'form' ? dialog.schedule : undefined;
    changedRows.markChanged(await scheduleSaves.save(saveBodyOf(form, zone, { base, executableSuites: choices.executableSuites })));
  };
  const onEditingChange = useCallback((next: { rowId: TableRowId; isValid: boolean } | null) => setEditing(next), []);

  const moreActions: MenuAction[] = [
    { id: 'runtime', label: 'Runtime Configuration' },
    { id: 'history', label: 'History' },
    ...(flags.duplicateSchedule(config) ? [{ id: 'duplicate', label: 'Duplicate' }] : []),
  ];
  const onMoreAction = (row: Schedule, id: string) => {
    if (id === 'duplicate') duplicate(row);
    else setDialog({ kind: id === 'history' ? 'history' : 'runtime', scheduleId: row.id });
  };

  const renderActions = (row: Schedule) => {
    if (confirmingDelete === row.id) {
      return (
        <span className="control-room__confirm" role="group" aria-label={`Delete ${row.name}`}>
          <span>{M.confirmDelete}</span>
          <Button variant="danger" onPress={() => remove(row)}>
            Yes
          </Button>
          <Button onPress={() => setConfirmingDelete(null)} autoFocus>
            No
          </Button>
        </span>
      );
    }
    const runBlocked = editing?.rowId === row.id && !editing.isValid;
    return (
      <span className="control-room__actions">
        <Switch isSelected={row.enabled} onChange={(enabled) => toggle(row, enabled)} aria-label={`Enabled ${row.name}`}>
          <span className="ui-visually-hidden">Enabled</span>
        </Switch>
        <Button variant="ghost" aria-label={`Run Now ${row.name}`} isDisabled={runBlocked} onPress={() => startNow(row)}>
          Run Now
        </Button>
        {runBlocked && <span role="status">{M.missingValidInfo}</span>}
        <Button variant="ghost" aria-label={`Edit ${row.name}`} onPress={() => openEditor(row)}>
          Edit
        </Button>
        <MenuButton label={`More actions ${row.name}`} trigger="⋯" items={moreActions} onAction={(id) => onMoreAction(row, id)} />
        <Button variant="ghost" aria-label={`Delete ${row.name}`} onPress={() => setConfirmingDelete(row.id)}>
          Delete
        </Button>
        {pendingRecords.has(scheduleRecord(row.id)) && <SavedOfflineBadge />}
      </span>
    );
  };

  // Every column, the row actions whole among them, shows beside the side menu and the status sidebar at 1440 px
  // (issue 27): the least widths add up to 935 px, the table's room there less a scroll bar.
  const columns: DataTableColumn<Schedule>[] = [
    { key: 'name', header: 'Name', editable: true, validate: (value) => required(value), isRowHeader: true, width: '2fr', minWidth: 130 },
    { key: 'type', header: 'Type', value: repeatLabel, width: 100 },
    {
      key: 'nextRun',
      header: 'Next Run',
      value: (row) => nextRunText(row, zone),
      render: (row) => <span className={isPast(row) || !row.enabled ? 'control-room__past' : undefined}>{nextRunText(row, zone)}</span>,
      // 'Nov 28, 2026,' over '5:00:25 AM' at the least.
      width: '2fr',
      minWidth: 125,
    },
    { key: 'selection', header: 'Collections/Tags', value: (row) => selectionText(row, choices.collections, choices.tags), width: '2fr' },
    { key: 'scheduleNotifyEmails', header: 'Notify', width: '1.5fr', minWidth: 110 },
    { key: 'actions', header: 'Actions', value: () => '', render: renderActions, width: 380 },
  ];

  return (
    <section className="control-room__section" aria-labelledby="upcoming-schedules-title">
      <div className="control-room__section-header">
        <h2 id="upcoming-schedules-title">Upcoming Schedules</h2>
        <Button variant="primary" onPress={() => setDialog({ kind: 'form', initial: emptyScheduleForm(Date.now(), zone) })}>
          New Schedule
        </Button>
      </div>
      <UpdatedAgo updatedAt={schedules.dataUpdatedAt} periodMs={POLL.scheduleListMs} />
      {/* A failed poll keeps the last list, marked with its age. */}
      {schedules.isError && !schedules.data && <p role="alert">{errorText(schedules.error)}</p>}
      <DataTable
        label="Upcoming Schedules"
        columns={columns}
        rows={sortSchedules(rows ?? [])}
        pageSize={flags.schedulePageSize(config)}
        onSave={saveName}
        beforeEdit={loadForEdit}
        onEditingChange={onEditingChange}
        changedRows={changedRows}
      />
      {dialog?.kind === 'form' && (
        <ScheduleFormDialog
          title={dialog.schedule ? 'Edit Schedule' : 'New Schedule'}
          initial={dialog.initial}
          isNew={!dialog.schedule}
          zone={zone}
          suites={choices.collections}
          tags={choices.tags}
          showInOrder={flags.inOrderToggle(config)}
          showNotifyOnQueue={flags.notifyOnQueue(config)}
          newResources={choices.newResources}
          onSave={saveForm}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'runtime' && (
        <RuntimeConfigurationDialog scheduleId={dialog.scheduleId} config={config} onClose={() => setDialog(null)} onSaved={changedRows.markChanged} />
      )}
      {dialog?.kind === 'history' && <ScheduleHistoryDialog scheduleId={dialog.scheduleId} onClose={() => setDialog(null)} />}
    </section>
  );
}
