import { describe, expect, it } from 'vitest';
import { CAPTURED_DATA_ATTRIBUTES, datasetOfRows, datasetRowCount, datasetSchema, rowsOfDataset, type DatasetRow } from './dashboards';

const rows: DatasetRow[] = [
  { time: 1000, collection: 'Checkout', step: 'Open', result: 'PASSED', device: null, duration: 1500, count: 1 },
  { time: 2000, collection: 'Login', step: 'Open', result: 'FAILED', duration: 800, count: 1 },
  { time: 3000, collection: 'Checkout', step: 'Pay', result: 'PASSED', device: 'browser-1', duration: '', count: 1 },
];

describe('the columnar dataset', () => {
  it('codes each category column (its distinct cells first seen first, a code per row) and keeps times and values plain', () => {
    const dataset = datasetOfRows(CAPTURED_DATA_ATTRIBUTES, rows);
    const column = (name: string) => dataset.results[CAPTURED_DATA_ATTRIBUTES.findIndex((attribute) => attribute.name === name)];
    expect(column('collection')).toEqual({ values: ['Checkout', 'Login'], codes: [0, 1, 0] });
    expect(column('result')).toEqual({ values: ['PASSED', 'FAILED'], codes: [0, 1, 0] });
    // A missing key and null are one cell, null.
    expect(column('device')).toEqual({ values: [null, 'browser-1'], codes: [0, 0, 1] });
    expect(column('time')).toEqual([1000, 2000, 3000]);
    expect(column('duration')).toEqual([1500, 800, '']);
    expect(datasetRowCount(dataset)).toBe(3);
    expect(datasetSchema.parse(dataset)).toEqual(dataset);
  });

  it('reads back the rows it was made of, every attribute present', () => {
    const back = rowsOfDataset(datasetOfRows(CAPTURED_DATA_ATTRIBUTES, rows));
    expect(back).toHaveLength(3);
    back.forEach((row, index) => {
      expect(Object.keys(row)).toEqual(CAPTURED_DATA_ATTRIBUTES.map((attribute) => attribute.name));
      for (const [name, cell] of Object.entries(row)) expect(cell).toEqual(rows[index]?.[name] ?? null);
    });
    expect(rowsOfDataset(datasetOfRows(CAPTURED_DATA_ATTRIBUTES, []))).toEqual([]);
  });

  it('refuses columns of uneven length and codes outside their values', () => {
    const dataset = datasetOfRows(CAPTURED_DATA_ATTRIBUTES, rows);
    const withColumn = (index: number, column: unknown) => ({ ...dataset, results: dataset.results.map((each, at) => (at === index ? column : each)) });
    expect(datasetSchema.safeParse(withColumn(0, [1000, 2000])).success).toBe(false);
    expect(datasetSchema.safeParse(withColumn(1, { values: ['Checkout'], codes: [0, 1, 0] })).success).toBe(false);
    expect(datasetSchema.safeParse(withColumn(1, { values: ['Checkout', 'Login'], codes: [0, 1] })).success).toBe(false);
    expect(datasetSchema.safeParse(withColumn(1, { values: [{}], codes: [0, 0, 0] })).success).toBe(false);
    expect(datasetSchema.safeParse(withColumn(1, ['Checkout', 'Login', 'Checkout'])).success).toBe(true);
  });
});
