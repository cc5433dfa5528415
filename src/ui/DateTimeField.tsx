import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components';
import './ui.css';

export interface DateTimeFieldProps {
  label: string;
  /** Local wall-clock value 'yyyy-MM-ddTHH:mm', or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest value the picker offers, same format. */
  min?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  description?: string;
  /** Shown only when set: callers pass the error of a touched control. */
  errorMessage?: string;
  onBlur?: () => void;
}

/**
 * A date and time picker: react-aria's TextField over the browser's datetime-local input, which brings the platform's
 * own keyboard-editable segments and calendar, and honours `min`.
 */
export function DateTimeField({ label, value, onChange, min, isDisabled, isRequired, description, errorMessage, onBlur }: DateTimeFieldProps) {
  return (
    <AriaTextField
      className="ui-field"
      type="datetime-local"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
    >
      <Label className="ui-field__label">{label}</Label>
      <Input className="ui-field__input" min={min} />
      {description && <Text slot="description" className="ui-field__description">{description}</Text>}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
