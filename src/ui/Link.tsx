import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import './ui.css';

export interface LinkProps extends AriaLinkProps {
  variant?: 'inline' | 'plain';
}

/**
 * The one wrapper of react-aria's Link. App paths (e.g. '/login') navigate through the
 * router because main.tsx installs react-aria's RouterProvider.
 */
export function Link({ variant = 'inline', className, ...props }: LinkProps) {
  return <AriaLink {...props} className={['ui-link', `ui-link--${variant}`, typeof className === 'string' ? className : ''].join(' ').trim()} />;
}
