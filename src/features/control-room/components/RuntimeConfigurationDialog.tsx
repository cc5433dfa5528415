import { useEffect, useRef, useState } from 'react';
import { flags, type StudioConfig } from '../../../shared/config';
import type { Schedule } from '../../../shared/contracts/schedules';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast-queue';
import { CONTROL_ROOM_MESSAGES as M } from '../control-room-messages';
import { runtimeConfigurationOf, runtimeErrors, runtimeOptionsOf, type RuntimeField, type RuntimeOptions } from '../runtime-options';
import { saveBodyFromSchedule } from '../schedule-rows';
import { useScheduleChoices } from '../use-schedule-choices';
import { useScheduleSaves } from '../use-schedule-saves';
import { RuntimeOptionsFields } from './RuntimeOptionsFields';

const ALL_FIELDS: readonly RuntimeField[] = ['waitInMinutesBeforeNotify', 'stepTimeoutSeconds', 'dataSourceVariableId', 'dataSourceRowNo'];

export interface RuntimeConfigurationDialogProps {
  scheduleId: string;
  config: StudioConfig;
  onClose: () => void;
  /** Told the saved schedule's id, e.g. to highlight its row. */
  onSaved?: (scheduleId: string) => void;
}

/**
 * The Runtime Configuration modal (part 2 §2, §4): the schedule's overrides, saved onto its latest version. Offline it
 * opens from the listed schedule (or the save of it still waiting) and keeps the save in the outbox.
 */
export function RuntimeConfigurationDialog({ scheduleId, config, onClose, onSaved }: RuntimeConfigurationDialogProps) {
  const { latest, save: saveSchedule } = useScheduleSaves();
  const choices = useScheduleChoices(scheduleId);
  const [loaded, setLoaded] = useState<{ schedule: Schedule; options: RuntimeOptions } | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<RuntimeField>>(new Set());
  const [saving, setSaving] = useState(false);

  // The parent passes a new onClose each render; loading must happen once per schedule, not once per render.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    let current = true;
    latest(scheduleId).then(
      (schedule) => {
        if (current) setLoaded({ schedule, options: runtimeOptionsOf(schedule) });
      },
      () => {
        if (!current) return;
        toast.error(M.runtimeConfigLoadFailed);
        close.current();
      },
    );
    return () => {
      current = false;
    };
  }, [scheduleId, latest]);

  const errors = loaded ? runtimeErrors(loaded.options) : {};

  const save = async () => {
    if (!loaded) return;
    if (Object.keys(errors).length > 0) {
      setTouched(new Set(ALL_FIELDS));
      return;
    }
    setSaving(true);
    try {
      // Another save may have changed the schedule meanwhile: start from the latest one, its executionTimes included.
      const base = await latest(scheduleId);
      const savedId = await saveSchedule(saveBodyFromSchedule(base, runtimeConfigurationOf(loaded.options)));
      onSaved?.(savedId);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : M.runtimeConfigLoadFailed);
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={loaded ? `Runtime Configuration: ${loaded.schedule.name}` : 'Runtime Configuration'}
      isOpen
      size="medium"
      onDismiss={saving ? undefined : onClose}
      footer={<SaveCancelFooter onCancel={onClose} onSave={() => void save()} isSaving={saving} canSave={loaded !== null} />}
    >
      {loaded ? (
        <RuntimeOptionsFields
          options={loaded.options}
          onChange={(options) => setLoaded({ ...loaded, options })}
          errors={errors}
          touched={touched}
          onTouch={(field) => setTouched((previous) => new Set(previous).add(field))}
          showInOrder={flags.inOrderToggle(config)}
          showNotifyOnQueue={flags.notifyOnQueue(config)}
          currentResources={choices.currentResources}
          newResources={choices.newResources}
        />
      ) : (
        <p aria-busy="true">Loading…</p>
      )}
    </Dialog>
  );
}
