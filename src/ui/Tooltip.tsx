import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger, OverlayArrow } from 'react-aria-components';
import './ui.css';

export interface TooltipProps {
  /** The focusable element the tooltip describes (a Button or Link wrapper, or an element in react-aria's Focusable). */
  children: ReactElement;
  content: ReactNode;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  delay?: number;
  /** Closes the tooltip this long after it opened, even while hovered (tables hide theirs after 5 s, spec part 2 §2). */
  hideAfterMs?: number;
  /** Asked each time the tooltip would open; false keeps it closed (a table cell whose text is not cut). */
  shouldOpen?: () => boolean;
}

/** The one wrapper of react-aria's TooltipTrigger + Tooltip. */
export function Tooltip({ children, content, placement = 'top', delay = 500, hideAfterMs, shouldOpen }: TooltipProps) {
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    if (!isOpen || hideAfterMs === undefined) return;
    const timer = setTimeout(() => setOpen(false), hideAfterMs);
    return () => clearTimeout(timer);
  }, [isOpen, hideAfterMs]);

  return (
    <TooltipTrigger delay={delay} isOpen={isOpen} onOpenChange={(open) => setOpen(open && (shouldOpen?.() ?? true))}>
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
