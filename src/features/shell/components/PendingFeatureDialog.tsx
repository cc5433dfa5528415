import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { notAvailableText } from '../not-available';

export interface PendingFeatureDialogProps {
  /** The popup's title; null when closed. */
  title: string | null;
  onClose: () => void;
}

/** Stands in for the variable and email popups until their issues land. */
export function PendingFeatureDialog({ title, onClose }: PendingFeatureDialogProps) {
  return (
    <Dialog title={title ?? ''} isOpen={title !== null} onDismiss={onClose} size="small" footer={<Button onPress={onClose}>Close</Button>}>
      <p>{title && notAvailableText(title)}</p>
    </Dialog>
  );
}
