/**
 * Choosing a stable selector for the element a tester acted on, in the recorded page itself (issue 18). This whole
 * function is serialised into the page by capture.ts, so it must stay self-contained: no imports, no outer names.
 *
 * Order: Playwright's role engine with the accessible name (`role=button[name="Sign in"]`), then test ids
 * (`data-testid=…`), then a short CSS path; each only when it matches exactly one element of the page at capture
 * time, by the same computation, so the replay's page.locator finds the same element.
 */
export interface ChosenSelector {
  selector: string;
  /** `button "Sign in"` when the element has a role and a name, else the selector: what step names show. */
  label: string;
}

export interface PageSelectors {
  choose(element: Element): ChosenSelector;
  /** The implicit or explicit ARIA role, as Playwright's role engine computes it for the common elements. */
  roleOf(element: Element): string | null;
}

export function pageSelectors(): PageSelectors {
  const normalize = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();
  const tag = (element: Element) => element.tagName.toLowerCase();
  const TEXT_INPUT_TYPES = ['email', 'search', 'tel', 'text', 'url', ''];
  const INPUT_ROLES: Record<string, string> = {
    button: 'button',
    checkbox: 'checkbox',
    image: 'button',
    number: 'spinbutton',
    radio: 'radio',
    range: 'slider',
    reset: 'button',
    submit: 'button',
    file: 'button',
  };
  // Roles whose name comes from their content (WAI-ARIA "name from content"), the ones a recording meets.
  const NAME_FROM_CONTENT = new Set(['button', 'link', 'checkbox', 'radio', 'menuitem', 'tab', 'option', 'switch', 'heading', 'cell', 'treeitem', 'menuitemcheckbox', 'menuitemradio']);

  function roleOf(element: Element): string | null {
    const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const name = tag(element);
    if (name === 'button') return 'button';
    if (name === 'a' || name === 'area') return element.hasAttribute('href') ? 'link' : null;
    if (name === 'textarea') return 'textbox';
    if (name === 'select') {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    if (name === 'input') {
      const type = (element as HTMLInputElement).type.toLowerCase();
      if (TEXT_INPUT_TYPES.includes(type)) {
        const list = element.getAttribute('list');
        if (list && element.ownerDocument.getElementById(list)?.tagName === 'DATALIST') return 'combobox';
        return type === 'search' ? 'searchbox' : 'textbox';
      }
      if (type === 'hidden') return null;
      return INPUT_ROLES[type] ?? 'textbox';
    }
    return null;
  }

  function hidden(element: Element): boolean {
    if (element.getAttribute('aria-hidden') === 'true') return true;
    const style = element.ownerDocument.defaultView?.getComputedStyle(element);
    return style?.display === 'none' || style?.visibility === 'hidden';
  }

  /** Text of an element's subtree, as the accessible-name algorithm walks it (block children are spaced apart). */
  function contentText(element: Element, skip: Element | null): string {
    let text = '';
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        text += child.textContent ?? '';
        continue;
      }
      if (!(child instanceof Element) || child === skip || hidden(child)) continue;
      const childTag = tag(child);
      if (childTag === 'script' || childTag === 'style' || childTag === 'input' || childTag === 'select' || childTag === 'textarea') continue;
      let token = child.getAttribute('aria-label')?.trim() || (childTag === 'img' ? (child.getAttribute('alt') ?? '') : contentText(child, skip));
      const display = child.ownerDocument.defaultView?.getComputedStyle(child).display ?? 'inline';
      if (display !== 'inline' || childTag === 'br') token = ` ${token} `;
      text += token;
    }
    return text;
  }

  function nameOf(element: Element, role: string | null): string {
    const document = element.ownerDocument;
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      const parts = labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((part): part is HTMLElement => part !== null)
        .map((part) => part.getAttribute('aria-label')?.trim() || contentText(part, null));
      const joined = normalize(parts.join(' '));
      if (joined) return joined;
    }
    const ariaLabel = normalize(element.getAttribute('aria-label') ?? '');
    if (ariaLabel) return ariaLabel;
    const name = tag(element);
    if (name === 'input' || name === 'textarea' || name === 'select') {
      const control = element as HTMLInputElement;
      const type = name === 'input' ? control.type.toLowerCase() : '';
      if (['button', 'submit', 'reset'].includes(type)) {
        const fallback = type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '';
        return normalize(control.value || fallback) || normalize(control.title);
      }
      if (type === 'image') return normalize(control.alt || control.title || 'Submit');
      const labels = Array.from(control.labels ?? []).map((label) => contentText(label, element));
      const fromLabels = normalize(labels.join(' '));
      if (fromLabels) return fromLabels;
      return normalize(control.title) || normalize(control.getAttribute('placeholder') ?? '');
    }
    if (role && NAME_FROM_CONTENT.has(role)) {
      const fromContent = normalize(contentText(element, null));
      if (fromContent) return fromContent;
    }
    return normalize(element.getAttribute('title') ?? '');
  }

  /** Playwright's attribute-selector quoting: backslashes and double quotes escaped. */
  const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

  function roleCandidate(element: Element): ChosenSelector | null {
    const role = roleOf(element);
    if (!role || hidden(element)) return null;
    const name = nameOf(element, role);
    if (!name) return null;
    // The role engine compares names whole and case-insensitively: so does this count.
    const wanted = name.toLowerCase();
    const same = Array.from(element.ownerDocument.querySelectorAll('*')).filter(
      // Cheapest test first: a large page has many elements, and computed styles are dear.
      (other) => roleOf(other) === role && nameOf(other, role).toLowerCase() === wanted && !hidden(other),
    );
    if (same.length !== 1) return null;
    return { selector: `role=${role}[name=${quote(name)}]`, label: `${role} ${quote(name)}` };
  }

  function testIdCandidate(element: Element): ChosenSelector | null {
    const testId = element.getAttribute('data-testid');
    // The engine takes its body raw; a value the selector parser would split or unquote goes to the CSS fallback.
    if (!testId || testId.includes('>>') || /^["'\s]|\s$/.test(testId)) return null;
    const matching = Array.from(element.ownerDocument.querySelectorAll('[data-testid]')).filter((other) => other.getAttribute('data-testid') === testId);
    if (matching.length !== 1) return null;
    const selector = `data-testid=${testId}`;
    return { selector, label: selector };
  }

  const uniqueId = (element: Element) =>
    element.id !== '' && element.ownerDocument.querySelectorAll(`#${CSS.escape(element.id)}`).length === 1 ? `#${CSS.escape(element.id)}` : null;

  /** From the element up to the nearest ancestor with a unique id (or html): tag:nth-of-type steps. */
  function cssPath(element: Element): string {
    const steps: string[] = [];
    for (let current: Element | null = element; current; current = current.parentElement) {
      const id = uniqueId(current);
      if (id) {
        steps.unshift(id);
        break;
      }
      const name = tag(current);
      const parent: Element | null = current.parentElement;
      if (!parent) {
        steps.unshift(name);
        break;
      }
      const siblings = Array.from(parent.children).filter((sibling) => sibling.tagName === current?.tagName);
      steps.unshift(siblings.length === 1 ? name : `${name}:nth-of-type(${siblings.indexOf(current) + 1})`);
    }
    return steps.join(' > ');
  }

  function choose(element: Element): ChosenSelector {
    const chosen = roleCandidate(element) ?? testIdCandidate(element);
    if (chosen) return chosen;
    const selector = cssPath(element);
    return { selector, label: selector };
  }

  return { choose, roleOf };
}
