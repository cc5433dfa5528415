import { useState } from 'react';
import { exportFileNameError } from '../../lib/csv';
import { SaveCancelFooter } from '../SaveCancelFooter';
import { Dialog } from '../Dialog';
import { TextField } from '../TextField';

export interface ExportCsvDialogProps {
  defaultFileName: string;
  onExport: (fileName: string) => void;
  onClose: () => void;
}

/** Asks for the file name of an 'Export CSV'; Save stays disabled while the name is blank. */
export function ExportCsvDialog({ defaultFileName, onExport, onClose }: ExportCsvDialogProps) {
  const [fileName, setFileName] = useState(defaultFileName);
  const [touched, setTouched] = useState(false);
  const error = exportFileNameError(fileName);

  return (
    <Dialog
      title="Export CSV"
      isOpen
      onDismiss={onClose}
      size="small"
      footer={
        <SaveCancelFooter
          onCancel={onClose}
          onSave={() => {
            onExport(fileName);
            onClose();
          }}
          canSave={error === null}
        />
      }
    >
      <TextField
        label="File name"
        value={fileName}
        onChange={(value) => {
          setFileName(value);
          setTouched(true);
        }}
        errorMessage={touched && error ? error : undefined}
        autoFocus
      />
    </Dialog>
  );
}
