import { Checkbox } from '../../../ui/Checkbox';
import { RadioGroup } from '../../../ui/RadioGroup';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { DAY_TYPE, RECUR_DURATION_TYPES, REPEAT } from '../../../shared/schedule/schedule-data';
import { WEEK_DAY_NAMES, type ScheduleField, type ScheduleForm } from '../schedule-form';

export interface RecurrenceFieldsProps {
  form: ScheduleForm;
  onChange: (changes: Partial<ScheduleForm>) => void;
  errorOf: (field: ScheduleField) => string | undefined;
  onTouch: (field: ScheduleField) => void;
}

const DAY_TYPE_OPTIONS = [
  { id: String(DAY_TYPE.oncePerDay), label: 'Once a day' },
  { id: String(DAY_TYPE.repeatedWithinDay), label: 'Repeat within the day' },
] as const;

const DURATION_OPTIONS = RECUR_DURATION_TYPES.map((type) => ({ id: type, label: type }));

/** The recurrence fields of the repeat mode (part 2 §3 scheduleData, §4); nothing for One Time. */
export function RecurrenceFields({ form, onChange, errorOf, onTouch }: RecurrenceFieldsProps) {
  if (form.repeat === REPEAT.once) return null;
  const countField = (field: 'recurEveryDays' | 'recurEveryWeeks' | 'recurEvery' | 'executionsPerDay', label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      value={form[field]}
      onChange={(value) => onChange({ [field]: value })}
      onBlur={() => onTouch(field)}
      errorMessage={errorOf(field)}
    />
  );

  return (
    <fieldset className="control-room-form__group">
      <legend>Recurrence</legend>
      {form.repeat === REPEAT.daily ? countField('recurEveryDays', 'Recur every (days)') : countField('recurEveryWeeks', 'Recur every (weeks)')}
      {form.repeat === REPEAT.weekly && (
        <div role="group" aria-label="Week days" className="control-room-form__weekdays">
          {WEEK_DAY_NAMES.map((day, index) => (
            <Checkbox
              key={day}
              isSelected={form.weekDays[index] === 1}
              onChange={(selected) => {
                onTouch('weekDays');
                onChange({ weekDays: form.weekDays.map((flag, position) => (position === index ? (selected ? 1 : 0) : flag)) });
              }}
            >
              {day}
            </Checkbox>
          ))}
          {errorOf('weekDays') && (
            <p className="ui-field__error" role="alert">
              {errorOf('weekDays')}
            </p>
          )}
        </div>
      )}
      <RadioGroup
        label="Runs each day"
        options={DAY_TYPE_OPTIONS}
        value={String(form.dayType)}
        onChange={(id) => onChange({ dayType: id === String(DAY_TYPE.repeatedWithinDay) ? DAY_TYPE.repeatedWithinDay : DAY_TYPE.oncePerDay })}
      />
      {form.dayType === DAY_TYPE.repeatedWithinDay && (
        <div className="control-room-form__row">
          <Select
            label="Recur duration type"
            options={DURATION_OPTIONS}
            selectedKey={form.recurDurationType}
            onSelectionChange={(id) => onChange({ recurDurationType: id === 'Minutes' ? 'Minutes' : 'Hours' })}
          />
          {countField('recurEvery', form.recurDurationType === 'Hours' ? 'Recur every (hours)' : 'Recur every (minutes)')}
          {countField('executionsPerDay', 'Executions per day')}
        </div>
      )}
    </fieldset>
  );
}
