/**
 * The hidden file input through which a collection is imported (spec part 1 §2 App shell).
 * The transfer issue opens it (by its id) and handles the chosen file.
 */
export const COLLECTION_IMPORT_INPUT_ID = 'collection-import-input';

export function CollectionImportInput() {
  return <input id={COLLECTION_IMPORT_INPUT_ID} type="file" accept="application/octet-stream" hidden aria-hidden="true" tabIndex={-1} />;
}
