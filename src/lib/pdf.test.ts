import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi, type TestContext } from 'vitest';
import type { CsvColumn } from './csv';
import { downloadTablePdf, pdfFileName, tablePdf, type PdfTableExport } from './pdf';
import { saveBlob } from './save-blob';

vi.mock('./save-blob', () => ({ saveBlob: vi.fn() }));

interface Execution {
  id: number;
  collection: string;
  status: string | null;
  device: string | undefined;
  note: string;
}

const LONG_NOTE =
  'Step 4 failed: the element #checkout-button was not visible within 30 seconds after the page finished loading, ' +
  'the screenshot and the browser console log are attached to the step result for review WRAPEND';

const rows: Execution[] = Array.from({ length: 120 }, (_, index) => ({
  id: index + 1,
  collection: `Checkout collection ${index + 1}`,
  status: index % 4 === 0 ? null : 'Failed flow',
  device: index % 5 === 0 ? undefined : `Chromium ${index % 3}`,
  note: index === 2 ? LONG_NOTE : `Run ${index + 1}`,
}));

const columns: CsvColumn<Execution>[] = [
  { header: 'Execution Id', value: (row) => row.id },
  { header: 'Collection Name', value: (row) => row.collection },
  { header: 'Status', value: (row) => row.status },
  { header: 'Device', value: (row) => row.device },
  { header: 'Remarks', value: (row) => row.note },
];

const table: PdfTableExport<Execution> = {
  title: 'Operations Centre - Execution Details',
  criteria: ['Status: Failed flow', 'From Nov-24-2026 00:00 to Nov-25-2026 23:59'],
  timeZone: 'Europe/Berlin',
  columns,
  rows,
  generatedAt: new Date('2026-11-25T13:04:05Z'),
};

/** poppler-utils: CI installs them; elsewhere the rendering checks are skipped, with the reason. */
const hasPoppler = !spawnSync('pdftoppm', ['-v']).error;
const requirePoppler = (context: TestContext) => {
  if (hasPoppler) return;
  if (process.env.CI === 'true') throw new Error('pdftoppm (poppler-utils) is missing on CI; install poppler-utils');
  context.skip('pdftoppm (poppler-utils) is not installed: install poppler-utils to check the rendered PDF');
};

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

/** Grey levels of a binary PGM (P5, maxval 255) as pdftoppm -gray writes it. */
function readPgm(file: string): { width: number; height: number; pixels: Uint8Array } {
  const bytes = readFileSync(file);
  const fields: string[] = [];
  let offset = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[offset] ?? 32))) offset += 1;
    let field = '';
    while (!/\s/.test(String.fromCharCode(bytes[offset] ?? 32))) field += String.fromCharCode(bytes[offset++] ?? 32);
    fields.push(field);
  }
  offset += 1; // the one whitespace byte after maxval
  const [magic, width, height, maxval] = fields;
  expect([magic, maxval]).toEqual(['P5', '255']);
  return { width: Number(width), height: Number(height), pixels: bytes.subarray(offset) };
}

describe('pdfFileName', () => {
  it('trims, drops a .pdf suffix in any case and adds .pdf', () => {
    expect(pdfFileName('executions')).toBe('executions.pdf');
    expect(pdfFileName('  executions.PDF ')).toBe('executions.pdf');
    expect(pdfFileName('report .pdf')).toBe('report.pdf');
    expect(pdfFileName('runs.csv')).toBe('runs.csv.pdf');
  });
});

describe('downloadTablePdf', () => {
  it('saves the PDF under the cleaned-up file name', async () => {
    await downloadTablePdf(' failed runs.PDF ', { ...table, rows: rows.slice(0, 3) });
    expect(saveBlob).toHaveBeenCalledWith('failed runs.pdf', expect.any(Blob));
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1].type).toBe('application/pdf');
  });
});

describe('tablePdf', () => {
  let dir = '';
  let file = '';
  let bytes: Buffer;

  beforeAll(async () => {
    const blob = await tablePdf(table);
    expect(blob.type).toBe('application/pdf');
    bytes = Buffer.from(await blob.arrayBuffer());
    dir = mkdtempSync(join(tmpdir(), 'table-pdf-'));
    file = join(dir, 'executions.pdf');
    writeFileSync(file, bytes);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is a PDF', () => {
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    // Several page objects (jsPDF writes them uncompressed), even where poppler is missing.
    expect(bytes.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length).toBeGreaterThan(1);
  });

  it('has several landscape A4 pages', (context) => {
    requirePoppler(context);
    const info = run('pdfinfo', [file]);
    expect(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])).toBeGreaterThan(1);
    expect(info).toMatch(/^Page size:\s+841\.89 x 595\.28 pts \(A4\)/m);
  });

  it('prints the title, criteria, time zone and generation time on page 1, and Page N of M on every page', (context) => {
    requirePoppler(context);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))?.[1]);
    const page1 = run('pdftotext', ['-f', '1', '-l', '1', file, '-']);
    expect(page1).toContain('Operations Centre - Execution Details');
    expect(page1).toContain('Status: Failed flow');
    expect(page1).toContain('From Nov-24-2026 00:00 to Nov-25-2026 23:59');
    expect(page1).toContain('Time zone: Europe/Berlin');
    expect(page1).toContain('Generated: Nov-25-2026 14:04:05');
    expect(page1).toContain(`Page 1 of ${pages}`);

    const page2 = run('pdftotext', ['-f', '2', '-l', '2', file, '-']);
    expect(page2).toContain('Collection Name');
    expect(page2).toContain('Remarks');
    expect(page2).toContain(`Page 2 of ${pages}`);
    expect(page2).not.toContain('Time zone:');

    const last = run('pdftotext', ['-f', String(pages), '-l', String(pages), file, '-']);
    expect(last).toContain('Checkout collection 120');
    expect(last).toContain(`Page ${pages} of ${pages}`);
  });

  it('wraps long cell text instead of cutting it, and prints null or undefined values as empty cells', (context) => {
    requirePoppler(context);
    const text = run('pdftotext', [file, '-']);
    // Every word of the long remark is there, across several lines of its cell.
    expect(text).toContain('WRAPEND');
    expect(text.replace(/\s+/g, ' ')).toContain('the screenshot and the browser console log');
    expect(text).not.toMatch(/\bnull\b|\bundefined\b/);
  });

  it('draws visible text on page 1 (rendered with pdftoppm)', (context) => {
    requirePoppler(context);
    const out = join(dir, 'page1');
    run('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', '-gray', '-singlefile', file, out]);
    const { width, height, pixels } = readPgm(`${out}.pgm`);
    // A4 landscape at 50 dpi.
    expect(width).toBeGreaterThan(height);
    expect(pixels.length).toBe(width * height);
    // Ink: grey levels below 160 (small antialiased text at 50 dpi is mostly grey, not black). Page 1 measured ~0.9 %.
    const inkShare = (from: number, to: number) => {
      const part = pixels.subarray(from * width, to * width);
      return part.reduce((count, level) => count + (level < 160 ? 1 : 0), 0) / part.length;
    };
    const ink = inkShare(0, height);
    expect(ink).toBeGreaterThan(0.004);
    expect(ink).toBeLessThan(0.5);
    // The title and criteria block is drawn at the top of the page.
    expect(inkShare(0, Math.round(height * 0.2))).toBeGreaterThan(0.004);
  });
});
