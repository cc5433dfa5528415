import { useEffect, useState } from 'react';
import { DateTime } from 'luxon';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { DateTimeField } from '../../../ui/DateTimeField';
import { Dialog } from '../../../ui/Dialog';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import type { Tag, TestSuiteFeedItem } from '../../../shared/contracts/collections';
import { REPEAT, type RepeatCode } from '../../../shared/schedule/schedule-data';
import { CollectionTagSelector } from '../../../ui/CollectionTagSelector/CollectionTagSelector';
import { CONTROL_ROOM_MESSAGES as M } from '../control-room-messages';
import type { RuntimeField } from '../runtime-options';
import {
  chosenCollectionIds,
  hasErrors,
  isMissingTags,
  movedEnd,
  PICKER_FORMAT,
  recurrenceOf,
  REPEAT_OPTIONS,
  SCHEDULE_SELECTION_LIMITS,
  scheduleFormErrors,
  withRepeat,
  type ScheduleField,
  type ScheduleForm,
} from '../schedule-form';
import { useCollectionResources } from '../use-schedule-choices';
import { EstimatePreview } from './EstimatePreview';
import { RecurrenceFields } from './RecurrenceFields';
import { RuntimeOptionsFields, type ResourceOption } from './RuntimeOptionsFields';

/** The end time moves forward this long after start stopped being before it (part 2 §4). */
export const END_MOVE_DELAY_MS = 1_000;
const CLOCK_TICK_MS = 30_000;

const ALL_FIELDS: readonly ScheduleField[] = ['name', 'start', 'end', 'recurEveryDays', 'recurEveryWeeks', 'weekDays', 'recurEvery', 'executionsPerDay', 'scheduleNotifyEmails', 'selector'];
const ALL_RUNTIME_FIELDS: readonly RuntimeField[] = ['waitInMinutesBeforeNotify', 'stepTimeoutSeconds', 'dataSourceVariableId', 'dataSourceRowNo'];

export interface ScheduleFormDialogProps {
  title: string;
  initial: ScheduleForm;
  /** The user's time zone: pickers show it, the schedule is saved in it. */
  zone: string;
  suites: readonly TestSuiteFeedItem[];
  tags: readonly Tag[];
  showInOrder: boolean;
  showNotifyOnQueue: boolean;
  newResources: readonly ResourceOption[];
  /** Saves the form; a rejection keeps the popup open (the caller reports the error). */
  onSave: (form: ScheduleForm) => Promise<void>;
  onClose: () => void;
}

/** The schedule popup (part 2 §2 Schedule form), for a new schedule and to edit one. */
export function ScheduleFormDialog({ title, initial, zone, suites, tags, showInOrder, showNotifyOnQueue, newResources, onSave, onClose }: ScheduleFormDialogProps) {
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<ScheduleField>>(new Set());
  const [touchedRuntime, setTouchedRuntime] = useState<ReadonlySet<RuntimeField>>(new Set());
  const [saving, setSaving] = useState(false);
  // The start minimum and the 'not in the past' rule follow the clock while the popup is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const errors = scheduleFormErrors(form, now, zone, suites);
  const errorOf = (field: ScheduleField) => (touched.has(field) ? errors[field] : undefined);
  const touch = (field: ScheduleField) => setTouched((previous) => new Set(previous).add(field));
  const change = (changes: Partial<ScheduleForm>) => setForm((previous) => ({ ...previous, ...changes }));

  const missingTags = isMissingTags(form.selector);
  // The current resources of the overrides are those the chosen collections ask for, as they are being chosen.
  const currentResources = useCollectionResources(missingTags ? [] : chosenCollectionIds(form.selector, suites));

  const nextEnd = movedEnd(form, zone);
  useEffect(() => {
    if (nextEnd === null) return;
    const timer = setTimeout(() => setForm((previous) => ({ ...previous, end: nextEnd })), END_MOVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [nextEnd]);

  // The estimate needs valid start, end and scheduleData; a repeat change starts validation afresh (§4).
  const timingValid = !errors.start && !errors.end && !errors.recurEveryDays && !errors.recurEveryWeeks && !errors.weekDays && !errors.recurEvery && !errors.executionsPerDay;
  const recurrence = timingValid ? recurrenceOf(form, zone) : null;
  const minStart = form.repeat === REPEAT.once ? DateTime.fromMillis(now, { zone }).toFormat(PICKER_FORMAT) : DateTime.fromMillis(now, { zone }).startOf('day').toFormat(PICKER_FORMAT);

  const save = async () => {
    if (hasErrors(scheduleFormErrors(form, Date.now(), zone, suites))) {
      setTouched(new Set(ALL_FIELDS));
      setTouchedRuntime(new Set(ALL_RUNTIME_FIELDS));
      toast.error(M.fillAllRequiredFields);
      return;
    }
    setSaving(true);
    try {
      await onSave(form);
      onClose();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={title}
      isOpen
      size="large"
      footer={<SaveCancelFooter onCancel={onClose} onSave={() => void save()} isSaving={saving} />}
    >
      <form
        className="control-room-form"
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField label="Name" isRequired value={form.name} onChange={(name) => change({ name })} onBlur={() => touch('name')} errorMessage={errorOf('name')} autoFocus />
        <div className="control-room-form__row">
          <Select
            label="Repeat"
            options={REPEAT_OPTIONS}
            selectedKey={String(form.repeat)}
            onSelectionChange={(id) => {
              setTouched(new Set());
              setForm((previous) => withRepeat(previous, Number(id) as RepeatCode, zone));
            }}
          />
          <DateTimeField label="Start time" isRequired value={form.start} min={minStart} onChange={(start) => change({ start })} onBlur={() => touch('start')} errorMessage={errorOf('start')} />
          <DateTimeField
            label="End time"
            value={form.repeat === REPEAT.once ? '' : form.end}
            min={form.start}
            isDisabled={form.repeat === REPEAT.once}
            onChange={(end) => change({ end })}
            onBlur={() => touch('end')}
            errorMessage={errorOf('end')}
          />
        </div>
        <p className="control-room-form__zone">{`Times are in ${zone}.`}</p>
        <RecurrenceFields form={form} onChange={change} errorOf={errorOf} onTouch={touch} />
        <TextField
          label="Notification emails"
          description="Separate addresses with commas or semicolons"
          value={form.scheduleNotifyEmails}
          onChange={(scheduleNotifyEmails) => change({ scheduleNotifyEmails })}
          onBlur={() => touch('scheduleNotifyEmails')}
          errorMessage={errorOf('scheduleNotifyEmails')}
        />
        <fieldset className="control-room-form__group">
          <legend>Collections or tags</legend>
          {/* The selector shows its own error; its minimum joins once touched, like the other fields' errors (§5). */}
          <CollectionTagSelector
            suites={suites}
            tags={tags}
            value={form.selector}
            minSelection={touched.has('selector') && !missingTags ? SCHEDULE_SELECTION_LIMITS.minSelection : undefined}
            onChange={(selector) => {
              touch('selector');
              change({ selector });
            }}
          />
          {missingTags && errorOf('selector') && (
            <p className="ui-field__error" role="alert">
              {errorOf('selector')}
            </p>
          )}
        </fieldset>
        <RuntimeOptionsFields
          options={form.runtime}
          onChange={(runtime) => change({ runtime })}
          errors={errors.runtime ?? {}}
          touched={touchedRuntime}
          onTouch={(field) => setTouchedRuntime((previous) => new Set(previous).add(field))}
          showInOrder={showInOrder}
          showNotifyOnQueue={showNotifyOnQueue}
          currentResources={currentResources}
          newResources={newResources}
        />
        <EstimatePreview recurrence={recurrence} />
      </form>
    </Dialog>
  );
}
