import { useQuery } from '@tanstack/react-query';
import type { FileRef } from '../../../shared/contracts/runs';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/ProgressBar';
import { reportKeys } from '../api/report-keys';
import { runImageDataUrl } from '../api/run-files';

export interface ImagePreviewDialogProps {
  image: FileRef;
  onClose: () => void;
}

/** A step screenshot, fetched with the bearer token (an <img> alone could not send it). */
export function ImagePreviewDialog({ image, onClose }: ImagePreviewDialogProps) {
  const { data: dataUrl, isPending } = useQuery({ queryKey: reportKeys.image(image.path), queryFn: () => runImageDataUrl(image.path), staleTime: Infinity });
  return (
    <Dialog title={image.name} isOpen onDismiss={onClose} size="extra-large" footer={<Button onPress={onClose}>Close</Button>}>
      {isPending ? <Spinner label="Loading image" /> : dataUrl ? <img className="report-image" src={dataUrl} alt={image.name} /> : <p>Image unavailable</p>}
    </Dialog>
  );
}
