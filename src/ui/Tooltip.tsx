import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactElement, type ReactNode, type RefObject } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger, TooltipTriggerStateContext, OverlayArrow } from 'react-aria-components';
import './ui.css';

type Placement = 'top' | 'bottom' | 'start' | 'end';

export interface TooltipProps {
  /** The focusable element the tooltip describes (a Button or Link wrapper, or an element in react-aria's Focusable). */
  children: ReactElement;
  content: ReactNode;
  placement?: Placement;
  delay?: number;
  /** Closes the tooltip this long after it opened, even while hovered (tables hide theirs after 5 s, spec part 2 §2). */
  hideAfterMs?: number;
  /** Asked each time the tooltip would open; false keeps it closed (a table cell whose text is not cut). */
  shouldOpen?: () => boolean;
}

/** The bubble and its arrow; inside a TooltipTrigger it takes the trigger's state, alone it needs triggerRef and isOpen. */
function TooltipBubble({
  content,
  placement,
  className = 'ui-tooltip',
  ...alone
}: {
  content: ReactNode;
  placement: Placement;
  className?: string;
  triggerRef?: RefObject<Element | null>;
  isOpen?: boolean;
}) {
  return (
    <AriaTooltip placement={placement} className={className} offset={6} {...alone}>
      <OverlayArrow className="ui-tooltip__arrow">
        <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
          <path d="M0 0 L4 4 L8 0" />
        </svg>
      </OverlayArrow>
      {content}
    </AriaTooltip>
  );
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
      <TooltipBubble content={content} placement={placement} />
    </TooltipTrigger>
  );
}

export interface CutTextProps {
  text: string;
  /** Lines shown before the ellipsis. */
  lines?: number;
  /** Hover time before the tooltip opens; focus opens it at once. */
  delay?: number;
}

/** The table cell (or other container) whose keyboard focus shows a CutText's whole text. */
const FOCUS_HOST = '[role="gridcell"], [role="rowheader"], [role="columnheader"]';

/**
 * Text cut to its container's width, with an ellipsis after `lines` lines. While it is cut, its whole text shows in a
 * tooltip when the pointer rests on it or its table cell has keyboard focus (the grid's arrow keys), and Escape hides
 * it. It adds no tab stop, and screen readers read the whole text, which stays in the page.
 */
export function CutText({ text, lines = 1, delay = 300 }: CutTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [isCut, setCut] = useState(false);
  const [hoverSettled, setHoverSettled] = useState(false);
  const isOpen = isCut && !dismissed && (focused || hoverSettled);
  // The cell's keydown listener reads whether the tooltip is open now.
  const openRef = useRef(isOpen);
  useEffect(() => {
    openRef.current = isOpen;
  }, [isOpen]);

  const measure = () => {
    const element = ref.current;
    setCut(element !== null && (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight));
    setDismissed(false);
  };

  useEffect(() => {
    const host = ref.current?.closest(FOCUS_HOST) ?? ref.current?.parentElement;
    if (!host) return;
    const onFocusIn = () => {
      measure();
      setFocused(true);
    };
    const onFocusOut = (event: Event) => {
      if (!(event instanceof FocusEvent && event.relatedTarget instanceof Node && host.contains(event.relatedTarget))) setFocused(false);
    };
    const onKeyDown = (event: Event) => {
      if (!(event instanceof KeyboardEvent && event.key === 'Escape' && openRef.current)) return;
      // Escape hides the tooltip only, not the dialog around the table.
      event.stopPropagation();
      setDismissed(true);
    };
    host.addEventListener('focusin', onFocusIn);
    host.addEventListener('focusout', onFocusOut);
    host.addEventListener('keydown', onKeyDown);
    return () => {
      host.removeEventListener('focusin', onFocusIn);
      host.removeEventListener('focusout', onFocusOut);
      host.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  const onPointerEnter = () => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => {
      measure();
      setHoverSettled(true);
    }, delay);
  };
  const onPointerLeave = () => {
    clearTimeout(hoverTimer.current);
    setHoverSettled(false);
  };

  const tooltipState = useMemo(
    () => ({ isOpen, shouldSkipAnimation: true, open: () => undefined, close: () => setDismissed(true) }),
    [isOpen],
  );

  const style = { '--ui-cut-text-lines': lines } as CSSProperties;
  return (
    <>
      <span
        ref={ref}
        className={lines === 1 ? 'ui-cut-text' : 'ui-cut-text ui-cut-text--lines'}
        style={style}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
      >
        {text}
      </span>
      {/* A Tooltip without a TooltipTrigger still reads its open state from this context. */}
      <TooltipTriggerStateContext.Provider value={tooltipState}>
        <TooltipBubble content={text} placement="top" className="ui-tooltip ui-tooltip--text" triggerRef={ref} isOpen={isOpen} />
      </TooltipTriggerStateContext.Provider>
    </>
  );
}
