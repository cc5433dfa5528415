import { downloadCsv, toCsv, type CsvColumn } from '../../lib/csv';
import { DATE_FORMATS, formatDate } from '../../lib/dates';
import { downloadTablePdf } from '../../lib/pdf';
import type { DateRange } from './search-dates';

/** One table's export: the same columns feed the CSV and the PDF. */
export interface TableExport<Row> {
  /** Without extension. */
  fileName: string;
  title: string;
  /** The search criteria, one line each, for the PDF. */
  criteria: readonly string[];
  columns: readonly CsvColumn<Row>[];
  rows: readonly Row[];
}

export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const dateRangeText = (range: DateRange): string =>
  `Date range: ${formatDate(range.start, DATE_FORMATS.picker)} to ${formatDate(range.end, DATE_FORMATS.picker)}`;

export function exportCsv<Row>(table: TableExport<Row>): void {
  downloadCsv(table.fileName, toCsv(table.columns, table.rows));
}

/** The PDF (jsPDF and its table plugin load on the first PDF export only), its title naming the Operations Centre. */
export async function exportPdf<Row>(table: TableExport<Row>): Promise<void> {
  await downloadTablePdf(table.fileName, {
    title: `Operations Centre - ${table.title}`,
    criteria: table.criteria,
    timeZone: localTimeZone(),
    columns: table.columns,
    rows: table.rows,
  });
}
