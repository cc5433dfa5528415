import { useState } from 'react';
import { exportFileNameError } from '../../../lib/csv';
import { visibleError } from '../../../lib/error-messages';
import { required } from '../../../lib/validators';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { saveBlob } from '../../../lib/save-blob';

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
  const [isFileNameTouched, setFileNameTouched] = useState(false);
  const fileNameError = exportFileNameError(fileName);
  // Spec part 1 §5: Save stays disabled until the content and the file name are valid.
  const canSave = fileNameError === null && required(content) === null;

  const save = () => {
    saveBlob(textFileName(fileName), new Blob([content], { type: 'text/plain;charset=utf-8' }));
    onClose();
  };

  return (
    <Dialog
      title="Export"
      isOpen
      onDismiss={onClose}
      size="large"
      footer={<SaveCancelFooter onCancel={onClose} onSave={save} canSave={canSave} />}
    >
      <TextArea
        label="Content"
        value={content}
        onChange={setContent}
        rows={14}
        isRequired
        errorMessage={visibleError(required(content), content !== defaultContent) ?? undefined}
      />
      <TextField
        label="File name"
        value={fileName}
        onChange={(value) => {
          setFileName(value);
          setFileNameTouched(true);
        }}
        onBlur={() => setFileNameTouched(true)}
        errorMessage={isFileNameTouched && fileNameError ? fileNameError : undefined}
      />
    </Dialog>
  );
}
