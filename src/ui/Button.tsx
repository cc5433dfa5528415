import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'icon';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  /** The button element, for a screen that keeps or moves focus to it. */
  ref?: Ref<HTMLButtonElement>;
}

/** The one wrapper of react-aria's Button; every screen uses it. */
export function Button({ variant = 'secondary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={['ui-button', `ui-button--${variant}`, typeof className === 'string' ? className : ''].join(' ').trim()} />;
}
