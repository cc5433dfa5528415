import { useState } from 'react';
import { errorText } from '../../../lib/error-messages';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-queue';
import { OPERATIONS_TEXTS as T } from '../operations-messages';
import { exportCsv, exportPdf, type TableExport } from '../table-export';

export interface ExportButtonsProps<Row> {
  /** Names the buttons for screen readers: 'Export CSV of {label}'. */
  label: string;
  isDisabled?: boolean;
  /** Builds the export when asked (it may read every page of the search first). */
  load: () => Promise<TableExport<Row>>;
}

/** Export CSV and Export PDF of a table (part 2 §9: export formats csv and pdf). */
export function ExportButtons<Row>({ label, isDisabled, load }: ExportButtonsProps<Row>) {
  const [busy, setBusy] = useState(false);
  const run = async (write: (table: TableExport<Row>) => void | Promise<void>) => {
    setBusy(true);
    try {
      await write(await load());
    } catch (error) {
      toast.error(T.exportFailed(errorText(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="operations__exports">
      <Button aria-label={`Export CSV of ${label}`} isDisabled={isDisabled || busy} onPress={() => void run(exportCsv)}>
        Export CSV
      </Button>
      <Button aria-label={`Export PDF of ${label}`} isDisabled={isDisabled || busy} onPress={() => void run(exportPdf)}>
        Export PDF
      </Button>
    </div>
  );
}
