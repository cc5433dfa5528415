import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Variable } from '../../../shared/contracts/variables';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/ProgressBar';
import { Table } from '../../../ui/Table';
import { toast } from '../../../ui/toast-queue';
import { excelDataQuery } from '../api/variables';

export interface ExcelDetailDialogProps {
  variable: Pick<Variable, 'id' | 'variableName'>;
  onClose: () => void;
}

const MAPPING_COLUMNS = [
  { id: 'variableName', header: 'Variable Name', isRowHeader: true },
  { id: 'columnName', header: 'Column Name' },
] as const;

/** The variable detail modal of spec part 2 §2: the mapping (variable and column names) and the Excel rows. */
export function ExcelDetailDialog({ variable, onClose }: ExcelDetailDialogProps) {
  const { data, error, status } = useQuery(excelDataQuery(variable.id));

  // §8: a detail failure is a toast with the server's message.
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);

  const mapping = data?.mapping ?? [];
  const rows = (data?.excelRows ?? []).map((values, index) => ({ id: index + 1, values }));
  const rowColumns = [{ id: '#', header: 'Row', width: 90, isRowHeader: true }, ...mapping.map((entry) => ({ id: entry.variableName, header: entry.columnName }))];

  return (
    <Dialog title={`Variable Detail - ${variable.variableName}`} isOpen onDismiss={onClose} size="large" footer={<Button onPress={onClose}>Close</Button>}>
      {status === 'pending' && <Spinner label="Loading variable detail" />}
      {data && (
        <>
          <Table
            label="Variable names and columns"
            columns={MAPPING_COLUMNS}
            rows={mapping.map((entry) => ({ id: entry.variableName, ...entry }))}
            renderCell={(entry, column) => (column === 'variableName' ? entry.variableName : entry.columnName)}
          />
          <Table
            label="Excel rows"
            columns={rowColumns}
            rows={rows}
            renderCell={(row, column) => (column === '#' ? row.id : (row.values[column] ?? ''))}
          />
        </>
      )}
    </Dialog>
  );
}
