import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';

export interface OrderControlsProps {
  /** What the buttons act on, for their accessible names: 'flow Login', 'step 2'. */
  itemName: string;
  index: number;
  count: number;
  onMove: (offset: number) => void;
  onRemove: () => void;
}

type Direction = 'up' | 'down';

/** The Remove button's class, by which a list finds an item's Remove button (use-refocus-after-removal). */
export const REMOVE_BUTTON_CLASS = 'studio-order-controls__remove';

/**
 * Move up / move down / remove: reordering by keyboard, without drag and drop. A moved item's DOM node moves, which
 * drops focus, and its first or last place disables the button just pressed: focus comes back to the button that
 * moved it, or to the other one when that is disabled now (issue 27).
 */
export function OrderControls({ itemName, index, count, onMove, onRemove }: OrderControlsProps) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const moved = useRef<Direction | null>(null);
  const isFirst = index === 0;
  const isLast = index === count - 1;
  useEffect(() => {
    const direction = moved.current;
    if (!direction) return;
    moved.current = null;
    const keep = direction === 'up' ? (isFirst ? down : up) : isLast ? up : down;
    keep.current?.focus();
  }, [index, isFirst, isLast]);
  const move = (direction: Direction) => {
    moved.current = direction;
    onMove(direction === 'up' ? -1 : 1);
  };
  return (
    <div className="studio-order-controls">
      <Button ref={up} variant="icon" aria-label={`Move ${itemName} up`} isDisabled={isFirst} onPress={() => move('up')}>
        ↑
      </Button>
      <Button ref={down} variant="icon" aria-label={`Move ${itemName} down`} isDisabled={isLast} onPress={() => move('down')}>
        ↓
      </Button>
      <Button variant="icon" className={REMOVE_BUTTON_CLASS} aria-label={`Remove ${itemName}`} onPress={onRemove}>
        ✕
      </Button>
    </div>
  );
}
