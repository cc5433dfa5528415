import Papa from 'papaparse';
import { MESSAGES } from '../shared/constants';
import { saveBlob } from './save-blob';

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/**
 * A cell a spreadsheet would run as a formula. papaparse's own default misses a line break inside the
 * cell (its pattern ends in `.*$` without the s flag), so the check is on the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** CSV with quotes doubled, fields quoted where needed, CRLF line ends, and formula cells prefixed with '. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row) ?? '')),
    },
    { newline: '\r\n', quotes: false, quoteChar: '"', escapeChar: '"', escapeFormulae: FORMULA_START },
  );
}

const CSV_SUFFIX = /\.csv$/i;

/** Export file name rule: blank after trimming and removing a .csv suffix -> 'Please fill in the file name.'. */
export function exportFileNameError(fileName: string): string | null {
  return fileName.trim().replace(CSV_SUFFIX, '').trim() === '' ? MESSAGES.fillFileName : null;
}

export function csvFileName(fileName: string): string {
  return `${fileName.trim().replace(CSV_SUFFIX, '').trim()}.csv`;
}

/** Saves the CSV; the BOM makes spreadsheet programs read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(csvFileName(fileName), new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
