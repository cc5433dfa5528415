import type { KeyboardEvent } from 'react';

/** The attribute that marks a focusable chart mark (bar, slice, point). */
export const MARK_ATTRIBUTE = 'data-chart-mark';

/** Roving tab stop: only the first mark is in the tab order; the arrow keys, Home and End move between marks. */
export function markTabIndex(index: number): 0 | -1 {
  return index === 0 ? 0 : -1;
}

const STEPS: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Moves focus between the marks of the chart it is attached to. It works on the DOM rather than React state so a chart
 * of thousands of marks never re-renders when focus moves.
 */
export function onMarkKeyDown(event: KeyboardEvent<Element>): void {
  const current = event.target;
  if (!(current instanceof Element) || !current.hasAttribute(MARK_ATTRIBUTE)) return;
  const marks = Array.from(event.currentTarget.querySelectorAll<SVGElement>(`[${MARK_ATTRIBUTE}]`));
  const index = marks.indexOf(current as SVGElement);
  const step = STEPS[event.key];
  const nextIndex = event.key === 'Home' ? 0 : event.key === 'End' ? marks.length - 1 : step === undefined ? null : index + step;
  if (nextIndex === null) return;
  event.preventDefault();
  const next = marks[Math.min(marks.length - 1, Math.max(0, nextIndex))];
  if (!next || next === current) return;
  for (const mark of marks) mark.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  next.focus();
}

/** The attributes every focusable mark carries: its place in the roving tab order, its name and its colour. */
export function markProps(index: number, label: string, fill: string) {
  return { className: 'chart-mark', [MARK_ATTRIBUTE]: '', tabIndex: markTabIndex(index), role: 'img', 'aria-label': label, fill } as const;
}
