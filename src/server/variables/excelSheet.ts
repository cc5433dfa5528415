import ExcelJS from 'exceljs';
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

/** §5 accepts .xls and .xlsx; only .xlsx can be read (exceljs), so .xls is refused with what to do instead. */
function formatProblem(fileName: string, bytes: Uint8Array): string | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xls') || startsWith(bytes, OLE_MAGIC)) return VARIABLE_MESSAGES.xlsNotReadable;
  if (!lower.endsWith('.xlsx')) return VARIABLE_MESSAGES.excelOnly;
  return startsWith(bytes, ZIP_MAGIC) ? null : VARIABLE_MESSAGES.excelUnreadable;
}

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

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.type === ExcelJS.ValueType.Formula ? cell.result : cell.value;
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Excel stores a plain date as midnight: show it as the date alone.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return cell.text;
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

function sheetOf(worksheet: ExcelJS.Worksheet): ExcelReadResult {
  if (worksheet.columnCount > VARIABLE_LIMITS.excelColumns) return { ok: false, message: VARIABLE_MESSAGES.excelTooManyColumns(VARIABLE_LIMITS.excelColumns) };
  const taken = new Set<string>(SYSTEM_VARIABLE_NAMES.map((name) => name.toLowerCase()));
  const columns: { column: number; mapping: ExcelMapping }[] = [];
  const header = worksheet.getRow(1);
  for (let column = 1; column <= worksheet.columnCount; column++) {
    const columnName = cellText(header.getCell(column)).trim();
    if (columnName !== '') columns.push({ column, mapping: { columnName, variableName: variableNameFor(columnName, column, taken) } });
  }
  if (columns.length === 0) return { ok: false, message: VARIABLE_MESSAGES.excelNoHeader };

  const rows: Record<string, string>[] = [];
  let lastFilled = 0;
  for (let rowNumber = 2; rowNumber <= worksheet.rowCount; rowNumber++) {
    if (rows.length >= VARIABLE_LIMITS.excelRows) {
      if (worksheet.getRow(rowNumber).hasValues) return { ok: false, message: VARIABLE_MESSAGES.excelTooManyRows(VARIABLE_LIMITS.excelRows) };
      continue;
    }
    const sheetRow = worksheet.getRow(rowNumber);
    const values: Record<string, string> = {};
    for (const { column, mapping } of columns) {
      const text = cellText(sheetRow.getCell(column));
      if (text.length > VARIABLE_LIMITS.excelCellLength) return { ok: false, message: VARIABLE_MESSAGES.excelCellTooLong(rowNumber, VARIABLE_LIMITS.excelCellLength) };
      values[mapping.variableName] = text;
    }
    rows.push(values);
    // Blank rows between data rows keep their place (Data Row numbers follow the sheet); trailing ones are dropped.
    if (Object.values(values).some((text) => text !== '')) lastFilled = rows.length;
  }
  return { ok: true, sheet: { mapping: columns.map((entry) => entry.mapping), rows: rows.slice(0, lastFilled) } };
}

/** Reads an uploaded Excel file; every problem is a message for the user, never a thrown error. */
export async function readExcelSheet(fileName: string, data: ArrayBuffer): Promise<ExcelReadResult> {
  const bytes = new Uint8Array(data);
  const problem = formatProblem(fileName, bytes);
  if (problem) return { ok: false, message: problem };
  const unpacked = declaredUnpackedBytes(bytes);
  if (unpacked === null) return { ok: false, message: VARIABLE_MESSAGES.excelUnreadable };
  if (unpacked > VARIABLE_LIMITS.excelUnpackedBytes) return { ok: false, message: VARIABLE_MESSAGES.excelTooBigUnpacked(VARIABLE_LIMITS.excelUnpackedBytes) };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    return { ok: false, message: VARIABLE_MESSAGES.excelUnreadable };
  }
  const [first] = workbook.worksheets;
  // Excel always writes at least one sheet: a zip without one is some other file.
  return first ? sheetOf(first) : { ok: false, message: VARIABLE_MESSAGES.excelUnreadable };
}
