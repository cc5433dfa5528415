import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';
import { SYSTEM_VARIABLE_NAMES, VARIABLE_LIMITS, VARIABLE_MESSAGES, type ExcelMapping } from '../../shared/contracts/variables';

/** The data of an Excel variable: the first sheet's header row gives the mapping, each later row one data row. */
export interface ExcelSheet {
  mapping: ExcelMapping[];
  /** Data row N (1 = under the header) is element N - 1, keyed by the mapping's variableName. */
  rows: Record<string, string>[];
}

export type ExcelReadResult = { ok: true; sheet: ExcelSheet } | { ok: false; message: string };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Excel 97-2003 files are OLE compound documents. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

/** What the archive says it unpacks to, read from its directory without unpacking anything; null when it is no zip. */
function declaredUnpackedBytes(bytes: Uint8Array): number | null {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  return total;
}

/**
 * §5 accepts .xls and .xlsx by name. SheetJS reads either format by its content, so a workbook renamed from one to the
 * other still reads; anything that is neither an OLE document nor a zip is refused before SheetJS sees it, and a zip
 * must not unpack beyond the limit (SheetJS would unpack it whole).
 */
function formatProblem(fileName: string, bytes: Uint8Array): string | null {
  const lower = fileName.toLowerCase();
  if (!lower.endsWith('.xls') && !lower.endsWith('.xlsx')) return VARIABLE_MESSAGES.excelOnly;
  if (startsWith(bytes, OLE_MAGIC)) return null;
  if (!startsWith(bytes, ZIP_MAGIC)) return VARIABLE_MESSAGES.excelUnreadable;
  const unpacked = declaredUnpackedBytes(bytes);
  if (unpacked === null) return VARIABLE_MESSAGES.excelUnreadable;
  return unpacked > VARIABLE_LIMITS.excelUnpackedBytes ? VARIABLE_MESSAGES.excelTooBigUnpacked(VARIABLE_LIMITS.excelUnpackedBytes) : null;
}

/** A cell as text: formulas as their stored result, dates as `YYYY-MM-DD` when at midnight or else ISO. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  if (cell.v instanceof Date) {
    const iso = cell.v.toISOString();
    // Excel stores a plain date as midnight: show it as the date alone.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (cell.t === 'e') return cell.w ?? '';
  return cell.v === undefined ? '' : String(cell.v);
}

/** `text` made `${name}`-safe: each run of non-word characters becomes one `_`, none leading or trailing; may be empty. */
export function toVariableName(text: string): string {
  return text.replaceAll(/\W+/g, '_').replaceAll(/^_+|_+$/g, '');
}

/** A `${name}`-safe variable name for a column header; unique (ignoring case) and never a system variable's. */
function variableNameFor(header: string, column: number, taken: Set<string>): string {
  const base = toVariableName(header) || `column_${column}`;
  let name = base;
  for (let suffix = 2; taken.has(name.toLowerCase()); suffix++) name = `${base}_${suffix}`;
  taken.add(name.toLowerCase());
  return name;
}

function sheetOf(worksheet: XLSX.WorkSheet): ExcelReadResult {
  const ref = worksheet['!ref'];
  if (ref === undefined) return { ok: false, message: VARIABLE_MESSAGES.excelNoHeader };
  const range = XLSX.utils.decode_range(ref);
  const at = (row: number, column: number) => worksheet[XLSX.utils.encode_cell({ r: row, c: column })] as XLSX.CellObject | undefined;
  if (range.e.c + 1 > VARIABLE_LIMITS.excelColumns) return { ok: false, message: VARIABLE_MESSAGES.excelTooManyColumns(VARIABLE_LIMITS.excelColumns) };
  const taken = new Set<string>(SYSTEM_VARIABLE_NAMES.map((name) => name.toLowerCase()));
  const columns: { column: number; mapping: ExcelMapping }[] = [];
  // Sheet rows and columns count from the sheet's A1 (cells above or left of the used range are empty).
  for (let column = 0; column <= range.e.c; column++) {
    const columnName = range.s.r === 0 ? cellText(at(0, column)).trim() : '';
    if (columnName !== '') columns.push({ column, mapping: { columnName, variableName: variableNameFor(columnName, column + 1, taken) } });
  }
  if (columns.length === 0) return { ok: false, message: VARIABLE_MESSAGES.excelNoHeader };

  const rows: Record<string, string>[] = [];
  let lastFilled = 0;
  for (let row = 1; row <= range.e.r; row++) {
    const values: Record<string, string> = {};
    for (const { column, mapping } of columns) {
      const text = cellText(at(row, column));
      if (text.length > VARIABLE_LIMITS.excelCellLength) return { ok: false, message: VARIABLE_MESSAGES.excelCellTooLong(row + 1, VARIABLE_LIMITS.excelCellLength) };
      values[mapping.variableName] = text;
    }
    const filled = Object.values(values).some((text) => text !== '');
    if (rows.length >= VARIABLE_LIMITS.excelRows) {
      if (filled) return { ok: false, message: VARIABLE_MESSAGES.excelTooManyRows(VARIABLE_LIMITS.excelRows) };
      continue;
    }
    rows.push(values);
    // Blank rows between data rows keep their place (Data Row numbers follow the sheet); trailing ones are dropped.
    if (filled) lastFilled = rows.length;
  }
  return { ok: true, sheet: { mapping: columns.map((entry) => entry.mapping), rows: rows.slice(0, lastFilled) } };
}

/** Reads an uploaded .xls or .xlsx file (SheetJS); every problem is a message for the user, never a thrown error. */
export function readExcelSheet(fileName: string, data: ArrayBuffer): ExcelReadResult {
  const bytes = new Uint8Array(data);
  const problem = formatProblem(fileName, bytes);
  if (problem) return { ok: false, message: problem };
  let workbook: XLSX.WorkBook;
  try {
    // UTC: a date cell reads as the same calendar day whatever the server's time zone.
    workbook = XLSX.read(bytes, { type: 'array', cellDates: true, UTC: true, cellHTML: false, cellStyles: false });
  } catch {
    return { ok: false, message: VARIABLE_MESSAGES.excelUnreadable };
  }
  const [firstName] = workbook.SheetNames;
  const first = firstName === undefined ? undefined : workbook.Sheets[firstName];
  // Excel always writes at least one sheet: a file without one is some other file.
  return first ? sheetOf(first) : { ok: false, message: VARIABLE_MESSAGES.excelUnreadable };
}
