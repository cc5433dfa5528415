import { FileTrigger } from 'react-aria-components';
import { Button } from './Button';
import './ui.css';
import './file-field.css';

export interface FileFieldProps {
  label: string;
  /** File name endings or media types, as the input's accept attribute takes them. */
  accept?: readonly string[];
  /** The chosen file's name, shown beside the button. */
  fileName?: string | null;
  onFile: (file: File) => void;
  errorMessage?: string;
  isDisabled?: boolean;
}

/** The one wrapper of react-aria's FileTrigger: a button that opens the file chooser, the chosen name and an error. */
export function FileField({ label, accept, fileName, onFile, errorMessage, isDisabled }: FileFieldProps) {
  return (
    <div className="ui-field ui-file-field" role="group" aria-label={label}>
      <span className="ui-field__label">{label}</span>
      <div className="ui-file-field__row">
        <FileTrigger
          acceptedFileTypes={accept ? [...accept] : undefined}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) onFile(file);
          }}
        >
          <Button isDisabled={isDisabled}>Choose file</Button>
        </FileTrigger>
        <span className="ui-file-field__name">{fileName ?? 'No file chosen'}</span>
      </div>
      {errorMessage && (
        <span className="ui-field__error" role="alert">
          {errorMessage}
        </span>
      )}
    </div>
  );
}
