import { CheckboxGroup as AriaCheckboxGroup, Label, Text } from 'react-aria-components';
import { Checkbox } from './Checkbox';
import './ui.css';
import './checkbox-group.css';

export interface CheckboxOption {
  id: string;
  label: string;
}

export interface CheckboxGroupProps {
  label: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  description?: string;
  /** Shown instead of the checkboxes when there is nothing to choose. */
  emptyMessage?: string;
  isDisabled?: boolean;
}

/** The one wrapper of react-aria's CheckboxGroup: a labelled set of checkboxes choosing several ids. */
export function CheckboxGroup({ label, options, value, onChange, description, emptyMessage, isDisabled }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup className="ui-checkbox-group" value={[...value]} onChange={onChange} isDisabled={isDisabled}>
      <Label className="ui-field__label">{label}</Label>
      {description && (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      )}
      <div className="ui-checkbox-group__options">
        {options.length === 0 && emptyMessage ? <p className="ui-checkbox-group__empty">{emptyMessage}</p> : null}
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id}>
            {option.label}
          </Checkbox>
        ))}
      </div>
    </AriaCheckboxGroup>
  );
}
