import type { ReactNode } from 'react';
import { CheckboxButton, CheckboxField, type CheckboxFieldProps } from 'react-aria-components';
import './ui.css';

export interface CheckboxProps extends Omit<CheckboxFieldProps, 'children'> {
  children: ReactNode;
}

/** The one wrapper of react-aria's checkbox (CheckboxField + CheckboxButton). */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <CheckboxField {...props} className={['ui-checkbox', typeof className === 'string' ? className : ''].join(' ').trim()}>
      <CheckboxButton className="ui-checkbox__button">
        {({ isSelected }) => (
          <>
            <span className="ui-checkbox__box" aria-hidden="true">{isSelected ? '✓' : ''}</span>
            <span>{children}</span>
          </>
        )}
      </CheckboxButton>
    </CheckboxField>
  );
}
