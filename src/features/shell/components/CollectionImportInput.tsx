/**
 * The hidden file input through which a collection is imported (spec part 1 §2 App shell). Import buttons open it
 * with openCollectionImportPicker; the chosen file goes to `onFile` (the import/export feature, composed by the route).
 */
export const COLLECTION_IMPORT_INPUT_ID = 'collection-import-input';

/** Opens the file chooser; call it from a press handler (browsers open pickers only on a user gesture). */
export function openCollectionImportPicker(): void {
  document.getElementById(COLLECTION_IMPORT_INPUT_ID)?.click();
}

export interface CollectionImportInputProps {
  onFile?: (file: File) => void;
}

export function CollectionImportInput({ onFile }: CollectionImportInputProps) {
  return (
    <input
      id={COLLECTION_IMPORT_INPUT_ID}
      type="file"
      accept="application/octet-stream"
      hidden
      aria-hidden="true"
      tabIndex={-1}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        // Cleared, so choosing the same file again is a change too.
        event.currentTarget.value = '';
        if (file) onFile?.(file);
      }}
    />
  );
}
