import { useEffect, useRef, type RefObject } from 'react';

const isSaveShortcut = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';

/**
 * Ctrl+S (⌘S) saves the Studio's collection (issue 27) instead of opening the browser's Save Page, wherever focus is,
 * unless a modal dialog covers the Studio: react-aria hides everything outside a modal (aria-hidden or inert).
 */
export function useSaveShortcut(pageRef: RefObject<HTMLElement | null>, onSave: () => void): void {
  const latest = useRef(onSave);
  useEffect(() => {
    latest.current = onSave;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      const page = pageRef.current;
      if (event.repeat || !page || page.closest('[aria-hidden="true"], [inert]')) return;
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [pageRef]);
}
