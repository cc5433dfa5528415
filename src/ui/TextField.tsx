import type { Ref } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './ui.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  description?: string;
  /** Shown only when set: callers pass the error of a touched control (spec §5). */
  errorMessage?: string;
  placeholder?: string;
  hideLabel?: boolean;
  /** The input itself, for a screen that moves focus to it. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The one wrapper of react-aria's TextField. */
export function TextField({ label, description, errorMessage, placeholder, hideLabel, inputRef, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage) || props.isInvalid} className={['ui-field', typeof className === 'string' ? className : ''].join(' ').trim()}>
      <Label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>{label}</Label>
      <Input ref={inputRef} className="ui-field__input" placeholder={placeholder} />
      {description && <Text slot="description" className="ui-field__description">{description}</Text>}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
