import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';
import { saveBlob } from '../../../lib/save-blob';

export interface LogsDialogProps {
  logs: string;
  fileName: string;
  onClose: () => void;
}

/** The run's logs, read-only, with Download and Cancel. */
export function LogsDialog({ logs, fileName, onClose }: LogsDialogProps) {
  return (
    <Dialog
      title="Logs"
      isOpen
      onDismiss={onClose}
      size="large"
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button
            variant="primary"
            onPress={() => {
              saveBlob(fileName, new Blob([logs], { type: 'text/plain;charset=utf-8' }));
            }}
          >
            Download
          </Button>
        </>
      }
    >
      <TextArea label="Logs" value={logs} isReadOnly rows={18} />
    </Dialog>
  );
}
