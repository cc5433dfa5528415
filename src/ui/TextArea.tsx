import { FieldError, Label, Text, TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './ui.css';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  /** Help under the field, read with it by screen readers. */
  description?: string;
  /** Shown only when set: callers pass the error of a touched control. */
  errorMessage?: string;
  rows?: number;
  placeholder?: string;
}

/** The one wrapper of react-aria's multi-line TextField (TextArea). */
export function TextArea({ label, description, errorMessage, rows = 10, placeholder, className, ...props }: TextAreaProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage) || props.isInvalid} className={['ui-field', typeof className === 'string' ? className : ''].join(' ').trim()}>
      <Label className="ui-field__label">{label}</Label>
      <AriaTextArea className="ui-field__input ui-field__textarea" rows={rows} placeholder={placeholder} />
      {description && <Text slot="description" className="ui-field__description">{description}</Text>}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
