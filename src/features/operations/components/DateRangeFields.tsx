import { visibleError } from '../../../lib/error-messages';
import { DatePicker } from '../../../ui/DatePicker';
import { dayOf, maxDay, withEndDay, withStartDay, type DateRange } from '../search-dates';

type Field = keyof DateRange;

export interface DateRangeFieldsProps {
  range: DateRange;
  onChange: (range: DateRange) => void;
  /** Error keys of the two dates. */
  errors: Partial<Record<Field, string>>;
  touched: Partial<Record<Field, boolean>>;
  onTouch: (field: Field) => void;
}

const FIELDS = [
  { field: 'start', label: 'Start Date', pick: withStartDay },
  { field: 'end', label: 'End Date', pick: withEndDay },
] as const;

/** Start Date and End Date with the rules of part 2 §4 (MMM-dd-yyyy, end minimum follows start, end at 23:59, max today). */
export function DateRangeFields({ range, onChange, errors, touched, onTouch }: DateRangeFieldsProps) {
  const max = maxDay();
  return FIELDS.map(({ field, label, pick }) => (
    <DatePicker
      key={field}
      label={label}
      value={dayOf(range[field])}
      min={field === 'end' ? (dayOf(range.start) ?? undefined) : undefined}
      max={max}
      isRequired
      errorMessage={visibleError(errors[field] ?? null, touched[field] ?? false) ?? undefined}
      onChange={(day) => {
        onTouch(field);
        onChange(pick(range, day));
      }}
      onBlur={() => onTouch(field)}
    />
  ));
}
