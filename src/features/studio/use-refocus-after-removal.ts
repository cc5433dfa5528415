import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps keyboard focus in a list whose items can be removed (issue 27): the removed item's Remove button leaves the
 * page and focus would fall to <body>. After a removal, focus goes to the Remove button of the item now in its place,
 * else of the item before it, else to the list's Add button.
 *
 * `removeButton` finds an item's own Remove button within the item (a flow holds its steps' buttons too).
 */
export function useRefocusAfterRemoval(removeButton: string) {
  const listRef = useRef<HTMLOListElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const removedAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const items = [...(listRef.current?.children ?? [])].filter((child) => child.querySelector(removeButton));
    const item = items[index] ?? items[index - 1];
    (item?.querySelector<HTMLElement>(removeButton) ?? addButtonRef.current)?.focus();
  });
  return {
    listRef,
    addButtonRef,
    /** Call as the item at `index` is removed. */
    removing: (index: number) => {
      removedAt.current = index;
    },
  };
}
