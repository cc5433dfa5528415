import { Label, Radio, RadioGroup as AriaRadioGroup } from 'react-aria-components';
import './ui.css';
import './radio-group.css';

export interface RadioOption {
  id: string;
  label: string;
}

export interface RadioGroupProps {
  label: string;
  options: readonly RadioOption[];
  value: string;
  onChange: (id: string) => void;
  orientation?: 'horizontal' | 'vertical';
  isDisabled?: boolean;
}

/** The one wrapper of react-aria's RadioGroup + Radio. */
export function RadioGroup({ label, options, value, onChange, orientation = 'horizontal', isDisabled }: RadioGroupProps) {
  return (
    <AriaRadioGroup className={`ui-radio-group ui-radio-group--${orientation}`} value={value} onChange={onChange} orientation={orientation} isDisabled={isDisabled}>
      <Label className="ui-field__label">{label}</Label>
      <div className="ui-radio-group__options">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className="ui-radio">
            {({ isSelected }) => (
              <>
                <span className="ui-radio__dot" aria-hidden="true">{isSelected ? '●' : '○'}</span>
                <span>{option.label}</span>
              </>
            )}
          </Radio>
        ))}
      </div>
    </AriaRadioGroup>
  );
}
