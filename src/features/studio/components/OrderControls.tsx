import { Button } from '../../../ui/Button';

export interface OrderControlsProps {
  /** What the buttons act on, for their accessible names: 'flow Login', 'step 2'. */
  itemName: string;
  index: number;
  count: number;
  onMove: (offset: number) => void;
  onRemove: () => void;
}

/** Move up / move down / remove: reordering by keyboard, without drag and drop. */
export function OrderControls({ itemName, index, count, onMove, onRemove }: OrderControlsProps) {
  return (
    <div className="studio-order-controls">
      <Button variant="icon" aria-label={`Move ${itemName} up`} isDisabled={index === 0} onPress={() => onMove(-1)}>
        ↑
      </Button>
      <Button variant="icon" aria-label={`Move ${itemName} down`} isDisabled={index === count - 1} onPress={() => onMove(1)}>
        ↓
      </Button>
      <Button variant="icon" aria-label={`Remove ${itemName}`} onPress={onRemove}>
        ✕
      </Button>
    </div>
  );
}
