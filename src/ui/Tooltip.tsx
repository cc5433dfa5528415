import type { ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger, OverlayArrow } from 'react-aria-components';
import './ui.css';

export interface TooltipProps {
  /** The focusable element the tooltip describes (a Button or Link wrapper). */
  children: ReactElement;
  content: ReactNode;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  delay?: number;
}

/** The one wrapper of react-aria's TooltipTrigger + Tooltip. */
export function Tooltip({ children, content, placement = 'top', delay = 500 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay}>
      {children}
      <AriaTooltip placement={placement} className="ui-tooltip" offset={6}>
        <OverlayArrow className="ui-tooltip__arrow">
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
