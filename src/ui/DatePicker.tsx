import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DatePicker as AriaDatePicker,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { DATE_FORMATS, formatDate } from '../lib/dates';
import './date-picker.css';
import './ui.css';

export interface DatePickerProps {
  label: string;
  /** The picked day as 'yyyy-MM-dd', or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Earliest and latest days the calendar offers ('yyyy-MM-dd'); days outside cannot be picked. */
  min?: string;
  max?: string;
  /** Luxon format of the shown day; the search pickers' MMM-dd-yyyy by default. */
  displayFormat?: string;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Shown only when set: callers pass the error of a touched control. */
  errorMessage?: string;
  onBlur?: () => void;
}

const toCalendarDate = (value: string | null | undefined): CalendarDate | null => {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
};

/**
 * The one wrapper of react-aria's DatePicker: a button showing the day in the given format (segments could only show
 * the locale's numeric order, not MMM-dd-yyyy) that opens a keyboard-navigable calendar limited to min and max.
 * The button is named by the day it shows and the field's label ("Nov-27-2026 Start Date"): react-aria's own name
 * ("Calendar Start Date") hides the visible day from speech input (WCAG 2.5.3, axe label-content-name-mismatch).
 */
export function DatePicker({
  label,
  value,
  onChange,
  min,
  max,
  displayFormat = DATE_FORMATS.picker,
  placeholder = 'Select a date',
  isRequired,
  isDisabled,
  errorMessage,
  onBlur,
}: DatePickerProps) {
  const shown = value ? formatDate(value, displayFormat) : '';
  const buttonText = shown || placeholder;
  return (
    <AriaDatePicker
      className="ui-field ui-date-picker"
      value={toCalendarDate(value)}
      onChange={(picked) => onChange(picked ? picked.toString() : null)}
      minValue={toCalendarDate(min)}
      maxValue={toCalendarDate(max)}
      granularity="day"
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      onBlur={onBlur}
      shouldCloseOnSelect
    >
      <Label className="ui-field__label">{label}</Label>
      <Group className="ui-date-picker__group">
        <AriaButton className="ui-field__input ui-date-picker__button" aria-label={buttonText}>
          <span className={shown ? 'ui-date-picker__value' : 'ui-date-picker__value ui-date-picker__value--empty'}>{buttonText}</span>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </Group>
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
      <Popover className="ui-popover ui-date-picker__popover">
        <Dialog className="ui-date-picker__dialog">
          <Calendar className="ui-calendar">
            <header className="ui-calendar__header">
              <AriaButton slot="previous" className="ui-button ui-button--icon">
                ◀
              </AriaButton>
              <Heading className="ui-calendar__heading" />
              <AriaButton slot="next" className="ui-button ui-button--icon">
                ▶
              </AriaButton>
            </header>
            <CalendarGrid className="ui-calendar__grid">{(date) => <CalendarCell date={date} className="ui-calendar__cell" />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
