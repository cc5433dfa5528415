import { z } from 'zod';
import { pageSelectors, type PageSelectors } from './selectors';

/** The page calls this binding with every action the tester takes. */
export const CAPTURE_BINDING = '__studioRecordAction';

/** What the page reports: the element's selector and label, and the value the action carries. */
export const capturedActionSchema = z.object({
  kind: z.enum(['click', 'type', 'select', 'check', 'press']),
  selector: z.string().min(1).max(2000),
  label: z.string().max(2000),
  value: z.string().max(20_000),
});
export type CapturedAction = z.infer<typeof capturedActionSchema>;
export type CapturedKind = CapturedAction['kind'];

/**
 * The in-page half of a recording: listens (capture phase, so the page's own handlers cannot hide an event) for
 * clicks, typing, selections, check boxes and Enter, and reports each through the binding. Serialised into every
 * page, so self-contained like pageSelectors.
 */
function installCapture(selectors: PageSelectors, bindingName: string): void {
  const report = (window as unknown as Record<string, ((action: CapturedAction) => Promise<void>) | undefined>)[bindingName];
  // Only the top document: the replay's page.locator does not enter frames.
  if (!report || window !== window.top) return;
  const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
  const isTextField = (element: Element) =>
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && TEXT_ROLES.has(selectors.roleOf(element) ?? '')) || (element instanceof HTMLElement && element.isContentEditable);
  const isToggle = (element: Element) => element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
  const ownEvents = (element: Element) => isTextField(element) || isToggle(element) || element instanceof HTMLSelectElement || element instanceof HTMLOptionElement;
  // Choosing scans the whole page; every keystroke into one field would scan it again for the same answer.
  let typing: { element: Element; chosen: ReturnType<PageSelectors['choose']> } | undefined;
  const send = (kind: CapturedKind, element: Element, value: string) => {
    const chosen = kind === 'type' && typing?.element === element ? typing.chosen : selectors.choose(element);
    typing = kind === 'type' ? { element, chosen } : undefined;
    void report({ kind, selector: chosen.selector, label: chosen.label, value });
  };
  const CLICKABLE = 'button, a[href], input[type=button], input[type=submit], input[type=reset], input[type=image], [role], summary';

  document.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      const target = event.target.closest(CLICKABLE) ?? event.target;
      if (ownEvents(target)) return;
      // A click on a control's label reaches the control as its own change event.
      const label = target.closest('label');
      if (label && label.control && ownEvents(label.control)) return;
      send('click', target, '');
    },
    true,
  );
  // Clicks and keys count only when the tester made them (a page script's synthetic click would replay twice); a value
  // set by a script (or a driver's selectOption) replays harmlessly, as the step sets the same value.
  document.addEventListener(
    'input',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || !isTextField(target)) return;
      send('type', target, target.value);
    },
    true,
  );
  document.addEventListener(
    'change',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLSelectElement) send('select', target, target.value);
      else if (target instanceof HTMLInputElement && isToggle(target)) send('check', target, String(target.checked));
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      // Enter in a textarea is a new line, which the typed value already holds.
      if (!event.isTrusted || event.key !== 'Enter' || !(target instanceof Element) || !isTextField(target) || target instanceof HTMLTextAreaElement) return;
      send('press', target, 'Enter');
    },
    true,
  );
}

/**
 * The init script: both functions as source text. `__name` is defined because tsx and vitest compile with keepNames,
 * which wraps named functions in calls to a helper the page does not have.
 */
export function captureScript(): string {
  return `(() => { const __name = (target) => target; (${installCapture.toString()})((${pageSelectors.toString()})(), ${JSON.stringify(CAPTURE_BINDING)}); })();`;
}
