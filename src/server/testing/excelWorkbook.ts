import * as XLSX from '@e965/xlsx';

/**
 * A workbook as an uploaded file holds it, written by SheetJS: one sheet named `sheetName` holding `rows` (the first
 * names the columns), as .xlsx or as Excel 97-2003 .xls. Dates are written as their UTC calendar day.
 */
export function workbookBytes(rows: unknown[][], bookType: 'xlsx' | 'xls', sheetName = 'Data'): Uint8Array<ArrayBuffer> {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { cellDates: true, UTC: true }), sheetName);
  const written: unknown = XLSX.write(workbook, { type: 'array', bookType });
  if (!(written instanceof ArrayBuffer)) throw new Error('SheetJS wrote no ArrayBuffer');
  return new Uint8Array(written);
}
