import { useState } from 'react';
import { exportFileNameError } from '../../../lib/csv';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { saveBlob } from '../api/run-files';

export interface ExportTextDialogProps {
  defaultContent: string;
  defaultFileName: string;
  onClose: () => void;
}

const TEXT_SUFFIX = '.txt';

export function textFileName(fileName: string): string {
  const name = fileName.trim();
  return name.toLowerCase().endsWith(TEXT_SUFFIX) ? name : `${name}${TEXT_SUFFIX}`;
}

/** The report's Export: editable content text and a file name, saved as a text file. */
export function ExportTextDialog({ defaultContent, defaultFileName, onClose }: ExportTextDialogProps) {
  const [content, setContent] = useState(defaultContent);
  const [fileName, setFileName] = useState(defaultFileName);
  const [showError, setShowError] = useState(false);
  const error = exportFileNameError(fileName);

  const save = () => {
    if (error) {
      setShowError(true);
      return;
    }
    saveBlob(textFileName(fileName), new Blob([content], { type: 'text/plain;charset=utf-8' }));
    onClose();
  };

  return (
    <Dialog
      title="Export"
      isOpen
      onDismiss={onClose}
      size="large"
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={save}>
            Save
          </Button>
        </>
      }
    >
      <TextArea label="Content" value={content} onChange={setContent} rows={14} />
      <TextField
        label="File name"
        value={fileName}
        onChange={(value) => {
          setFileName(value);
          setShowError(true);
        }}
        errorMessage={showError && error ? error : undefined}
      />
    </Dialog>
  );
}
