import { Checkbox } from '../../../ui/Checkbox';
import { RadioGroup } from '../../../ui/RadioGroup';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { DAY_TYPE, RECUR_DURATION_TYPES } from '../../../shared/schedule/schedule-data';
import { dayWindowOf, WEEK_DAY_NAMES, type ScheduleField, type ScheduleForm } from '../schedule-form';

export interface RecurrenceFieldsProps {
  form: ScheduleForm;
  zone: string;
  onChange: (changes: Partial<ScheduleForm>) => void;
  errorOf: (field: ScheduleField) => string | undefined;
  onTouch: (field: ScheduleField) => void;
}

const DAY_TYPE_OPTIONS = [
  { id: String(DAY_TYPE.oncePerDay), label: 'Once a day' },
  { id: String(DAY_TYPE.repeatedWithinDay), label: 'Repeat within the day' },
] as const;

const DURATION_OPTIONS = RECUR_DURATION_TYPES.map((type) => ({ id: type, label: type }));

type CountField = 'recurEveryDays' | 'recurEveryWeeks' | 'recurEvery' | 'executionsPerDay';

/**
 * The recurrence fields of the popup's choice (part 2 §3 scheduleData, §4; issue 27); nothing for One Time. Every few
 * minutes or hours ask only for the spacing and the runs of a day; Daily and Weekly for their period, and whether a
 * day has one run or several.
 */
export function RecurrenceFields({ form, zone, onChange, errorOf, onTouch }: RecurrenceFieldsProps) {
  if (form.choice === 'once') return null;
  const countField = (field: CountField, label: string, description?: string) => (
    <TextField
      label={label}
      description={description}
      isRequired
      inputMode="numeric"
      value={form[field]}
      // A count the user types is theirs: the runs of a day stop following the day.
      onChange={(value) => onChange(field === 'executionsPerDay' ? { executionsPerDay: value, runsPerDayFitsDay: false } : { [field]: value })}
      onBlur={() => onTouch(field)}
      errorMessage={errorOf(field)}
    />
  );
  const day = dayWindowOf(form, zone);
  const runsDescription = day
    ? `Each day from ${day.first} to ${day.last}; at most ${day.fit} fit before midnight.`
    : 'How many runs each day, from the start time on.';
  const withinDay = (
    <div className="control-room-form__row">
      {form.choice !== 'minutes' && form.choice !== 'hours' && (
        <Select
          label="Recur duration type"
          options={DURATION_OPTIONS}
          selectedKey={form.recurDurationType}
          onSelectionChange={(id) => onChange({ recurDurationType: id === 'Minutes' ? 'Minutes' : 'Hours' })}
        />
      )}
      {countField('recurEvery', form.recurDurationType === 'Hours' ? 'Recur every (hours)' : 'Recur every (minutes)')}
      {countField('executionsPerDay', 'Executions per day', runsDescription)}
    </div>
  );
  if (form.choice === 'minutes' || form.choice === 'hours') {
    return (
      <fieldset className="control-room-form__group">
        <legend>Runs each day</legend>
        {withinDay}
      </fieldset>
    );
  }

  return (
    <fieldset className="control-room-form__group">
      <legend>Recurrence</legend>
      {form.choice === 'daily' ? countField('recurEveryDays', 'Recur every (days)') : countField('recurEveryWeeks', 'Recur every (weeks)')}
      {form.choice === 'weekly' && (
        <div role="group" aria-label="Week days" className="control-room-form__weekdays">
          <span className="ui-field__label ui-required" aria-hidden="true">
            Week days
          </span>
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
      {form.dayType === DAY_TYPE.repeatedWithinDay && withinDay}
    </fieldset>
  );
}
