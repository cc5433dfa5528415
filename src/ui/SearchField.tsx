import { Button as AriaButton, Input, Label, SearchField as AriaSearchField, type SearchFieldProps as AriaSearchFieldProps } from 'react-aria-components';
import './ui.css';
import './search-field.css';

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'children'> {
  label: string;
  placeholder?: string;
  hideLabel?: boolean;
}

/** The one wrapper of react-aria's SearchField: Enter calls onSubmit, Escape or the clear button calls onClear. */
export function SearchField({ label, placeholder, hideLabel, className, ...props }: SearchFieldProps) {
  return (
    <AriaSearchField {...props} className={['ui-search-field', typeof className === 'string' ? className : ''].join(' ').trim()}>
      <Label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>{label}</Label>
      <div className="ui-search-field__box">
        <Input className="ui-field__input ui-search-field__input" placeholder={placeholder} />
        <AriaButton className="ui-search-field__clear" aria-label={`Clear ${label}`}>
          ×
        </AriaButton>
      </div>
    </AriaSearchField>
  );
}
