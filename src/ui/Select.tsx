import type { Key } from 'react';
import { Button as AriaButton, FieldError, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from 'react-aria-components';
import './ui.css';

export interface SelectOption {
  id: string;
  label: string;
  isDisabled?: boolean;
}

interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Shown only when set: callers pass the error of a touched control. */
  errorMessage?: string;
  isDisabled?: boolean;
  hideLabel?: boolean;
  onBlur?: () => void;
}

export interface SelectProps extends SelectFieldProps {
  selectedKey?: string | null;
  defaultSelectedKey?: string;
  onSelectionChange?: (id: string | null) => void;
  isRequired?: boolean;
}

export interface MultiSelectProps extends SelectFieldProps {
  selectedKeys: readonly string[];
  onSelectionChange: (ids: string[]) => void;
  /** Controlled opening, for a list that may refuse to close (see CollectionSelector). */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Shown above the open list (an alert), e.g. why it cannot close yet. */
  listMessage?: string;
}

const disabledKeysOf = (options: readonly SelectOption[]) => options.filter((option) => option.isDisabled).map((option) => option.id);

/** Label, trigger, error and the popover list: the same for one and for several choices. */
function SelectParts({
  label,
  options,
  errorMessage,
  hideLabel,
  listMessage,
  isMultiple = false,
}: Pick<MultiSelectProps, 'label' | 'options' | 'errorMessage' | 'hideLabel' | 'listMessage'> & { isMultiple?: boolean }) {
  return (
    <>
      <Label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>{label}</Label>
      <AriaButton className="ui-field__input ui-select__button">
        <SelectValue className="ui-select__value" />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
      <Popover className="ui-popover ui-select__popover">
        {listMessage && (
          <p className="ui-select__message" role="alert">
            {listMessage}
          </p>
        )}
        <ListBox className={isMultiple ? 'ui-menu ui-menu--multiple' : 'ui-menu'} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="ui-menu__item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </>
  );
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
      disabledKeys={disabledKeysOf(options)}
      onBlur={onBlur}
    >
      <SelectParts label={label} options={options} errorMessage={errorMessage} hideLabel={hideLabel} />
    </AriaSelect>
  );
}

/** react-aria's Select in multiple selection mode: the list stays open while picking; the trigger lists the picks. */
export function MultiSelect({ label, options, selectedKeys, onSelectionChange, placeholder, errorMessage, isDisabled, hideLabel, onBlur, isOpen, onOpenChange, listMessage }: MultiSelectProps) {
  return (
    <AriaSelect
      className="ui-field ui-select"
      selectionMode="multiple"
      value={[...selectedKeys]}
      onChange={(keys: Key[]) => onSelectionChange(keys.map(String))}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      disabledKeys={disabledKeysOf(options)}
      onBlur={onBlur}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <SelectParts label={label} options={options} errorMessage={errorMessage} hideLabel={hideLabel} listMessage={listMessage} isMultiple />
    </AriaSelect>
  );
}
