import type { Key } from 'react';
import { Button as AriaButton, FieldError, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from 'react-aria-components';
import './ui.css';

export interface SelectOption {
  id: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  selectedKey?: string | null;
  defaultSelectedKey?: string;
  onSelectionChange?: (id: string | null) => void;
  placeholder?: string;
  /** Shown only when set: callers pass the error of a touched control. */
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  hideLabel?: boolean;
  onBlur?: () => void;
}

/** The one wrapper of react-aria's Select (single choice from a list). */
export function Select({ label, options, selectedKey, defaultSelectedKey, onSelectionChange, placeholder, errorMessage, isDisabled, isRequired, hideLabel, onBlur }: SelectProps) {
  return (
    <AriaSelect
      className="ui-field ui-select"
      selectedKey={selectedKey}
      defaultSelectedKey={defaultSelectedKey}
      onSelectionChange={onSelectionChange ? (key: Key | null) => onSelectionChange(key === null ? null : String(key)) : undefined}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      disabledKeys={options.filter((option) => option.isDisabled).map((option) => option.id)}
      onBlur={onBlur}
    >
      <Label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>{label}</Label>
      <AriaButton className="ui-field__input ui-select__button">
        <SelectValue className="ui-select__value" />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
      <Popover className="ui-popover ui-select__popover">
        <ListBox className="ui-menu" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="ui-menu__item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
