import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvFileName, downloadCsv, exportFileNameError, toCsv, type CsvColumn } from './csv';

interface Row {
  name: string;
  count: number | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Count', value: (row) => row.count },
];

describe('toCsv', () => {
  it('ends lines with CRLF and leaves plain fields unquoted', () => {
    expect(toCsv(columns, [{ name: 'Checkout', count: 3 }, { name: 'Login', count: null }])).toBe('Name,Count\r\nCheckout,3\r\nLogin,');
  });

  it('doubles quotes and quotes fields with quotes, commas or line breaks', () => {
    const csv = toCsv(columns, [
      { name: 'say "hi"', count: 1 },
      { name: 'a,b', count: 2 },
      { name: 'two\nlines', count: 3 },
      { name: 'windows\r\nline', count: 4 },
    ]);

    expect(csv.split('\r\n').slice(1, 3)).toEqual(['"say ""hi""",1', '"a,b",2']);
    expect(csv).toContain('"two\nlines",3');
    expect(csv).toContain('"windows\r\nline",4');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a cell starting with %j', (prefix) => {
    const csv = toCsv(columns, [{ name: `${prefix}HYPERLINK("http://evil")`, count: 1 }]);
    const cell = csv.slice(csv.indexOf('\r\n') + 2, csv.lastIndexOf(',1'));

    expect(cell).toBe(`"'${prefix}HYPERLINK(""http://evil"")"`);
  });

  it('neutralises a formula that spans lines', () => {
    const csv = toCsv(columns, [{ name: '=1+1\nnext', count: 1 }]);
    expect(csv).toContain(`"'=1+1\nnext",1`);
  });

  it('leaves numbers alone, negative ones included, and formula characters later in a cell', () => {
    const csv = toCsv(columns, [{ name: 'a=b', count: -5 }]);
    expect(csv).toBe('Name,Count\r\na=b,-5');
  });
});

describe('export file name', () => {
  it.each(['', '   ', '.csv', ' .CSV ', '  .csv'])("%j gives 'Please fill in the file name.'", (name) => {
    expect(exportFileNameError(name)).toBe('Please fill in the file name.');
  });

  it.each(['report', 'report.csv', ' runs 2024 '])('%j is valid', (name) => {
    expect(exportFileNameError(name)).toBeNull();
  });

  it('adds the .csv suffix once', () => {
    expect(csvFileName(' report ')).toBe('report.csv');
    expect(csvFileName('report.CSV')).toBe('report.csv');
  });
});

describe('downloadCsv', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('clicks a link to a CSV blob named after the file and releases the blob afterwards', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });

    downloadCsv('runs', 'a,b\r\n1,2');

    expect(clicked).toEqual([{ download: 'runs.csv', href: 'blob:csv' }]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    // The bytes, not Blob.text(): decoding UTF-8 drops a leading byte-order mark, as a browser's does.
    expect(new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(new TextEncoder().encode('\uFEFFa,b\r\n1,2'));
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:csv');
  });
});
