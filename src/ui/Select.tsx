import type { Key } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Header,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
} from 'react-aria-components';
import './ui.css';

export interface SelectOption {
  id: string;
  label: string;
  isDisabled?: boolean;
  /** A second line under the label in the list, read as the option's description. */
  description?: string;
  /** The heading of the group the option is listed under; options of one section are consecutive. */
  section?: string;
}

interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Shown only when set: callers pass the error of a touched control. */
  errorMessage?: string;
  /** Help text under the field, read as its description. */
  description?: string;
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

function OptionItem({ option }: { option: SelectOption }) {
  return (
    <ListBoxItem id={option.id} className="ui-menu__item" textValue={option.label}>
      {option.description ? (
        <>
          <Text slot="label">{option.label}</Text>
          <Text slot="description" className="ui-menu__description">
            {option.description}
          </Text>
        </>
      ) : (
        option.label
      )}
    </ListBoxItem>
  );
}

interface OptionGroup {
  title: string | undefined;
  options: SelectOption[];
}

/** Consecutive options of one section, in their order. */
function groupsOf(options: readonly SelectOption[]): OptionGroup[] {
  const groups: OptionGroup[] = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last && last.title === option.section) last.options.push(option);
    else groups.push({ title: option.section, options: [option] });
  }
  return groups;
}

/** The options, under a heading per section when they have sections. */
function OptionList({ options, className }: { options: readonly SelectOption[]; className: string }) {
  if (!options.some((option) => option.section !== undefined)) {
    return (
      <ListBox className={className} items={options}>
        {(option) => <OptionItem option={option} />}
      </ListBox>
    );
  }
  return (
    <ListBox className={className}>
      {groupsOf(options).map((group, index) =>
        group.title === undefined ? (
          group.options.map((option) => <OptionItem key={option.id} option={option} />)
        ) : (
          <ListBoxSection key={`${index}-${group.title}`} className="ui-menu__section">
            <Header className="ui-menu__header">{group.title}</Header>
            {group.options.map((option) => (
              <OptionItem key={option.id} option={option} />
            ))}
          </ListBoxSection>
        ),
      )}
    </ListBox>
  );
}

/** Label, trigger, error and the popover list: the same for one and for several choices. */
function SelectParts({
  label,
  options,
  errorMessage,
  description,
  hideLabel,
  listMessage,
  isMultiple = false,
}: Pick<MultiSelectProps, 'label' | 'options' | 'errorMessage' | 'description' | 'hideLabel' | 'listMessage'> & { isMultiple?: boolean }) {
  return (
    <>
      <Label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>{label}</Label>
      <AriaButton className="ui-field__input ui-select__button">
        {/* The chosen option's name alone: its description belongs to the list. */}
        <SelectValue className="ui-select__value">{({ isPlaceholder, selectedText, defaultChildren }) => (isMultiple || isPlaceholder ? defaultChildren : selectedText)}</SelectValue>
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {description && (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
      <Popover className="ui-popover ui-select__popover">
        {listMessage && (
          <p className="ui-select__message" role="alert">
            {listMessage}
          </p>
        )}
        <OptionList className={isMultiple ? 'ui-menu ui-menu--multiple' : 'ui-menu'} options={options} />
      </Popover>
    </>
  );
}

/** The one wrapper of react-aria's Select (single choice from a list). */
export function Select({ label, options, selectedKey, defaultSelectedKey, onSelectionChange, placeholder, errorMessage, description, isDisabled, isRequired, hideLabel, onBlur }: SelectProps) {
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
      <SelectParts label={label} options={options} errorMessage={errorMessage} description={description} hideLabel={hideLabel} />
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
