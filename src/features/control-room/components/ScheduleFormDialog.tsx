import { useEffect, useRef, useState } from 'react';
import { DateTime } from 'luxon';
import { MESSAGES } from '../../../shared/constants';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { DateTimeField } from '../../../ui/DateTimeField';
import { Dialog } from '../../../ui/Dialog';
import { RadioGroup } from '../../../ui/RadioGroup';
import { TextField } from '../../../ui/TextField';
import type { Tag, TestSuiteFeedItem } from '../../../shared/contracts/collections';
import { REPEAT } from '../../../shared/schedule/schedule-data';
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
  REPEAT_CHOICE_LABELS,
  REPEAT_CHOICES,
  SCHEDULE_SELECTION_LIMITS,
  scheduleFormErrors,
  withChoice,
  withFittedRuns,
  type RepeatChoice,
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
const CHOICE_OPTIONS = REPEAT_CHOICES.map((choice) => ({ id: choice, label: REPEAT_CHOICE_LABELS[choice] }));
const isChoice = (id: string): id is RepeatChoice => REPEAT_CHOICES.some((choice) => choice === id);

export interface ScheduleFormDialogProps {
  title: string;
  initial: ScheduleForm;
  /** A new schedule: a choice of how often may set the start and end the user has not set (withChoice). */
  isNew: boolean;
  /** The user's time zone: pickers show it, the schedule is saved in it. */
  zone: string;
  suites: readonly TestSuiteFeedItem[];
  tags: readonly Tag[];
  showInOrder: boolean;
  showNotifyOnQueue: boolean;
  newResources: readonly ResourceOption[];
  /** Saves the form; a rejection keeps the popup open, its message shown in the popup. */
  onSave: (form: ScheduleForm) => Promise<void>;
  onClose: () => void;
}

/** The schedule popup (part 2 §2 Schedule form), for a new schedule and to edit one. */
export function ScheduleFormDialog({ title, initial, isNew, zone, suites, tags, showInOrder, showNotifyOnQueue, newResources, onSave, onClose }: ScheduleFormDialogProps) {
  const [form, setForm] = useState(initial);
  // Which times the user set: a choice of how often leaves them as they are (an edited schedule's are the user's).
  const [timesSet, setTimesSet] = useState({ start: !isNew, end: !isNew && initial.repeat !== REPEAT.once });
  // Shown in the popup beside Save, where a toast would cover Save and Cancel (issue 27).
  const [saveError, setSaveError] = useState<string | null>(null);
  // Set by a refused Save: once its errors show, focus goes to the first field at fault.
  const focusFirstError = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
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
  const change = (changes: Partial<ScheduleForm>) => setForm((previous) => withFittedRuns({ ...previous, ...changes }, zone));
  const choose = (choice: RepeatChoice) => {
    // A new choice starts validation afresh (§4).
    setTouched(new Set());
    setSaveError(null);
    setForm((previous) => withChoice(previous, choice, zone, Date.now(), { start: !timesSet.start, end: !timesSet.end }));
  };

  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

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
      setSaveError(M.fillAllRequiredFields);
      focusFirstError.current = true;
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(form);
      onClose();
    } catch (error) {
      setSaving(false);
      setSaveError(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
    }
  };

  return (
    <Dialog
      title={title}
      isOpen
      size="large"
      footer={
        <>
          {saveError && (
            <p role="alert" className="control-room-form__save-error">
              {saveError}
            </p>
          )}
          <SaveCancelFooter onCancel={onClose} onSave={() => void save()} isSaving={saving} />
        </>
      }
    >
      <form
        ref={formRef}
        className="control-room-form"
        aria-label={title}
        // Save checks the form itself (§5 texts, Fill All Required Fields), also on Enter.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="control-room-form__note">
          Fields marked <span className="ui-required" aria-hidden="true" /> are required.
        </p>
        <TextField label="Name" isRequired value={form.name} onChange={(name) => change({ name })} onBlur={() => touch('name')} errorMessage={errorOf('name')} autoFocus />
        <RadioGroup label="Repeat" options={CHOICE_OPTIONS} value={form.choice} onChange={(id) => isChoice(id) && choose(id)} />
        <div className="control-room-form__row">
          <DateTimeField
            label="Start time"
            isRequired
            value={form.start}
            min={minStart}
            onChange={(start) => {
              setTimesSet((set) => ({ ...set, start: true }));
              change({ start });
            }}
            onBlur={() => touch('start')}
            errorMessage={errorOf('start')}
          />
          <DateTimeField
            label="End time"
            isRequired={form.repeat !== REPEAT.once}
            value={form.repeat === REPEAT.once ? '' : form.end}
            min={form.start}
            isDisabled={form.repeat === REPEAT.once}
            onChange={(end) => {
              setTimesSet((set) => ({ ...set, end: true }));
              change({ end });
            }}
            onBlur={() => touch('end')}
            errorMessage={errorOf('end')}
          />
        </div>
        <p className="control-room-form__zone">{`Times are in ${zone}.`}</p>
        <RecurrenceFields form={form} zone={zone} onChange={change} errorOf={errorOf} onTouch={touch} />
        <EstimatePreview recurrence={recurrence} />
        <TextField
          label="Notification emails"
          description="Separate addresses with commas or semicolons"
          value={form.scheduleNotifyEmails}
          onChange={(scheduleNotifyEmails) => change({ scheduleNotifyEmails })}
          onBlur={() => touch('scheduleNotifyEmails')}
          errorMessage={errorOf('scheduleNotifyEmails')}
        />
        <fieldset className="control-room-form__group">
          <legend className="ui-required">Collections or tags</legend>
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
      </form>
    </Dialog>
  );
}
