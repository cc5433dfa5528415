import type { CsvColumn } from './csv';
import { DATE_FORMATS, formatDate } from './dates';
import { saveBlob } from './save-blob';

export interface PdfTableExport<Row> {
  /** First line of page 1, e.g. 'Operations Centre - Execution Details'. */
  title: string;
  /** The search criteria, one line each, e.g. 'Status: Failed flow'. */
  criteria: readonly string[];
  /** IANA zone the dates are in, printed as 'Time zone: Europe/Berlin'; the generation time is given in it too. */
  timeZone: string;
  /** The same columns as the CSV export. */
  columns: readonly CsvColumn<Row>[];
  rows: readonly Row[];
  /** When the export was made; now unless given. */
  generatedAt?: Date;
}

/** Generation time on page 1: the pickers' date with the time, e.g. Nov-25-2026 14:03:27. */
export const PDF_GENERATED_FORMAT = `${DATE_FORMATS.picker} HH:mm:ss`;
/** jsPDF replaces this in every page's footer with the page count once the table is drawn (putTotalPages). */
const TOTAL_PAGES = '{total_pages}';

const MARGIN = 36; // pt, half an inch
const TITLE_SIZE = 14;
const TEXT_SIZE = 9;
const LINE = 13;
const FOOTER_GAP = 16;
const TABLE_TEXT_SIZE = 8;
const CELL_PADDING = 4;

/**
 * The table as a landscape A4 PDF: title, criteria, time zone and generation time on top of page 1, the header row
 * repeated on every page, long cell text wrapped, and 'Page N of M' in every footer. jsPDF and jspdf-autotable load
 * on demand, so they stay out of the main bundle and the sign-in page.
 * jsPDF's standard fonts cover Latin-1 (WinAnsi) only; other scripts would need an embedded font.
 */
export async function tablePdf<Row>(table: PdfTableExport<Row>): Promise<Blob> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const textWidth = pageWidth - 2 * MARGIN;

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(TITLE_SIZE);
  let y = MARGIN + TITLE_SIZE;
  const titleLines = doc.splitTextToSize(table.title, textWidth) as string[];
  doc.text(titleLines, MARGIN, y);
  y += titleLines.length * (TITLE_SIZE + 4) + 2;

  doc.setFont('helvetica', 'normal');
  doc.setFontSize(TEXT_SIZE);
  const generated = formatDate(table.generatedAt ?? new Date(), PDF_GENERATED_FORMAT, table.timeZone);
  const heading = [...table.criteria, `Time zone: ${table.timeZone}`, `Generated: ${generated}`];
  for (const line of heading) {
    const wrapped = doc.splitTextToSize(line, textWidth) as string[];
    doc.text(wrapped, MARGIN, y);
    y += wrapped.length * LINE;
  }

  const head = table.columns.map((column) => column.header);
  const body = table.rows.map((row) => table.columns.map((column) => String(column.value(row) ?? '')));

  autoTable(doc, {
    head: [head],
    body,
    startY: y + 4,
    margin: { top: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_GAP, left: MARGIN },
    theme: 'striped',
    showHead: 'everyPage',
    styles: { font: 'helvetica', fontSize: TABLE_TEXT_SIZE, cellPadding: CELL_PADDING, overflow: 'linebreak', valign: 'top' },
    headStyles: { fillColor: [242, 245, 249], textColor: 20, fontStyle: 'bold', lineColor: [196, 201, 208], lineWidth: { bottom: 0.75 } },
    alternateRowStyles: { fillColor: [250, 251, 252] },
    columnStyles: minimumColumnWidths(doc, head, body, textWidth),
    rowPageBreak: 'avoid',
    didDrawPage: () => {
      // Runs on every page the table reaches, after that page's rows.
      const page = doc.getCurrentPageInfo().pageNumber;
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(TEXT_SIZE - 1);
      doc.setTextColor(90);
      // Left-aligned: jsPDF measures the placeholder, not the final count, so right or centred text would shift.
      const footer = `Page ${page} of ${TOTAL_PAGES}`;
      doc.text(footer, pageWidth - MARGIN - doc.getTextWidth(`Page ${page} of 9999`), pageHeight - MARGIN);
      doc.setTextColor(20);
    },
  });
  doc.putTotalPages(TOTAL_PAGES);

  return new Blob([doc.output('arraybuffer')], { type: 'application/pdf' });
}

type Doc = InstanceType<(typeof import('jspdf'))['jsPDF']>;

/**
 * autotable's 'auto' widths hand nearly all the room to the column with the longest text and wrap short values such
 * as 'Failed flow' in the others. Each column may shrink no further than its longest line (capped at an equal share
 * of the width, so the minimums always fit): short columns stay on one line, long text wraps in what is left.
 */
function minimumColumnWidths(doc: Doc, head: string[], body: string[][], tableWidth: number): Record<number, { minCellWidth: number }> {
  const share = tableWidth / Math.max(1, head.length);
  const widest = (texts: string[], fontStyle: 'bold' | 'normal') => {
    doc.setFont('helvetica', fontStyle);
    doc.setFontSize(TABLE_TEXT_SIZE);
    return Math.max(0, ...texts.flatMap((text) => text.split('\n')).map((line) => doc.getTextWidth(line)));
  };
  return Object.fromEntries(
    head.map((header, index) => {
      const longest = Math.max(widest([header], 'bold'), widest(body.map((cells) => cells[index] ?? ''), 'normal'));
      return [index, { minCellWidth: Math.min(share, longest + 2 * CELL_PADDING + 1) }];
    }),
  );
}

const PDF_SUFFIX = /\.pdf$/i;

/** 'report', ' report.PDF ' -> 'report.pdf', as csvFileName does for CSV. */
export function pdfFileName(name: string): string {
  return `${name.trim().replace(PDF_SUFFIX, '').trim()}.pdf`;
}

/** Builds the PDF and saves it as a download. */
export async function downloadTablePdf<Row>(fileName: string, table: PdfTableExport<Row>): Promise<void> {
  saveBlob(pdfFileName(fileName), await tablePdf(table));
}
