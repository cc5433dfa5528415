import { Button } from '../../../ui/Button';
import type { ExportableCollection } from '../api/collection-export';
import { useCollectionExport } from './use-collection-export';

export interface StudioTransferButtonsProps {
  /** The collection open in the Studio, as last saved; null while none is open or a new one is unsaved. */
  collection: ExportableCollection | null;
  /** Opens the shell's hidden file input. */
  onImport: () => void;
  isDisabled?: boolean;
}

/** Import and Export in the Studio toolbar: Export sends the open collection's saved version to the download queue. */
export function StudioTransferButtons({ collection, onImport, isDisabled }: StudioTransferButtonsProps) {
  const startExport = useCollectionExport();
  return (
    <>
      <Button onPress={onImport} isDisabled={isDisabled}>
        Import
      </Button>
      <Button onPress={() => collection && void startExport(collection)} isDisabled={isDisabled || !collection}>
        Export
      </Button>
    </>
  );
}
