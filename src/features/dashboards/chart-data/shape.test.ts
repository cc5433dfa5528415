import { describe, expect, it } from 'vitest';
import { ANALYTICS_DATA_ATTRIBUTES, type ChartConfig, type DatasetRow } from '../../../shared/contracts/dashboards';
import { analyticsDataset, analyticsRun } from './analytics-rows.fixture';
import { categoryColumn, filteredRowIndices, filterRows, NOT_SET, withIsoTimes } from './dataset';
import { MONTH_BUCKETS_AFTER_DAYS } from './buckets';
import { shapeCategorySeries, shapeChart, shapePie, shapeTable, type ChartInput } from './shape';

const run = analyticsRun;

const week = { fromDate: '2026-11-16', toDate: '2026-11-22' };
const rows: DatasetRow[] = [
  run('2026-11-16', { duration: 30_000 }),
  run('2026-11-16', { duration: 90_000, result: 'FAILED', failedSteps: 2, passedSteps: 2 }),
  run('2026-11-18', { collection: 'Login', duration: 120_000 }),
  run('2026-11-18', { collection: 'Login', result: 'FAILED', duration: null }),
  // Outside the frame: left out of every chart.
  run('2026-11-23'),
  run('2026-11-15'),
];

function input(chart: Partial<ChartConfig>, activeAttrs: string[] = [], config: Record<string, string[]> = {}, timeFrame: ChartInput['timeFrame'] = week): ChartInput {
  return {
    chart: { type: 'barGraph', plotAttrs: [], group: null, timeUnit: 'Seconds', ...chart },
    breakdown: { config, activeAttrs },
    dataset: analyticsDataset(rows),
    timeFrame,
  };
}

describe('dataset rules', () => {
  it('keeps rows whose filtered attributes hold a listed value; an empty list keeps every row', () => {
    expect(filterRows(rows, { result: ['FAILED'] })).toHaveLength(2);
    expect(filterRows(rows, { result: ['FAILED'], collection: ['Login'] })).toEqual([rows[3]]);
    expect(filterRows(rows, { result: [] })).toHaveLength(rows.length);
  });

  it('reads the columnar dataset the feeds answer: filters by index as filterRows does, one code per category text', () => {
    const dataset = analyticsDataset(rows);
    const configs: Record<string, string[]>[] = [{ result: ['FAILED'] }, { result: ['FAILED'], collection: ['Login'] }, { result: [] }];
    for (const config of configs) {
      expect(Array.from(filteredRowIndices(dataset, config), (index) => rows[index])).toEqual(filterRows(rows, config));
    }
    const mixed = analyticsDataset([run('2026-11-16', { version: null }), run('2026-11-16', { version: '' }), run('2026-11-16', { version: 1 }), run('2026-11-16', { version: '1' })]);
    const versions = categoryColumn(mixed, 'version');
    expect(versions.texts).toEqual([NOT_SET, '1']);
    expect(Array.from(versions.codes)).toEqual([0, 0, 1, 1]);
    expect(categoryColumn(mixed, 'noSuchAttribute').texts).toEqual([NOT_SET]);
  });

  it('turns attributes with unit ms into ISO times (§3)', () => {
    const [first] = withIsoTimes(analyticsDataset(rows));
    expect(first?.time).toBe('2026-11-16T12:00:00.000Z');
    expect(first?.duration).toBe(30_000);
  });
});

describe('bars and lines', () => {
  it('have a category for every UTC day of the frame, and count rows when no attribute is plotted', () => {
    const data = shapeCategorySeries(input({}));
    expect(data.categories).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(data.series).toEqual([{ key: expect.any(String), label: 'Count', values: [2, 0, 2, 0, 0, 0, 0] }]);
    expect(data.valueLabel).toBe('Count');
  });

  it('group into a series per value and sum counts', () => {
    const data = shapeCategorySeries(input({ plotAttrs: ['failedSteps'], group: 'result' }));
    expect(data.series.map(({ label, values }) => ({ label, values }))).toEqual([
      { label: 'FAILED', values: [2, 0, 0, 0, 0, 0, 0] },
      { label: 'PASSED', values: [0, 0, 0, 0, 0, 0, 0] },
    ]);
  });

  it('average durations in the element time unit, a missing duration counting as 0 (§5)', () => {
    const data = shapeCategorySeries(input({ plotAttrs: ['duration'], timeUnit: 'Minutes', type: 'lineGraph' }));
    expect(data.valueLabel).toBe('Duration (Minutes)');
    // 16th: (0.5 + 1.5) / 2; 18th: (2 + 0) / 2.
    expect(data.series[0]?.values).toEqual([1, 0, 1, 0, 0, 0, 0]);
  });

  it('name series by attribute and group when several attributes are plotted', () => {
    const data = shapeCategorySeries(input({ type: 'lineGraph', plotAttrs: ['passedSteps', 'failedSteps'], group: 'collection' }));
    expect(data.series.map((series) => series.label)).toEqual(['Passed Steps - Checkout', 'Passed Steps - Login', 'Failed Steps - Checkout', 'Failed Steps - Login']);
  });

  it('ignore a grouping by a value or the time, and apply the breakdown filters', () => {
    const data = shapeCategorySeries(input({ group: 'duration' }, [], { collection: ['Login'] }));
    expect(data.series.map(({ label, values }) => ({ label, values }))).toEqual([{ label: 'Count', values: [0, 0, 2, 0, 0, 0, 0] }]);
  });

  it(`bucket by month ('YYYY-MM' shown 'MMM YYYY') when the frame is longer than ${MONTH_BUCKETS_AFTER_DAYS} days`, () => {
    const daily = shapeCategorySeries(input({}, [], {}, { fromDate: '2026-08-23', toDate: '2026-11-22' }));
    expect(daily.categories).toHaveLength(92);
    const monthly = shapeCategorySeries(input({}, [], {}, { fromDate: '2026-05-22', toDate: '2026-11-22' }));
    expect(monthly.categories).toEqual(['May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026']);
    // The 15th now falls inside the frame; the 23rd still does not.
    expect(monthly.series[0]?.values).toEqual([0, 0, 0, 0, 0, 0, 5]);
  });

  it("span the data's own days while the frame lacks a date, and are empty with no rows", () => {
    const data = shapeCategorySeries(input({}, [], {}, { fromDate: '2026-11-16', toDate: null }));
    expect(data.categories[0]).toBe('2026-11-15');
    expect(data.categories.at(-1)).toBe('2026-11-23');
    const empty = shapeCategorySeries({ ...input({}, [], {}, null), dataset: analyticsDataset([]) });
    expect(empty).toMatchObject({ categories: [], series: [] });
  });
});

describe('pie', () => {
  it("names slices by the element's categories joined with ' - ', largest first", () => {
    const data = shapePie(input({ type: 'pieGraph' }, ['collection', 'result']));
    expect(data.categoryLabel).toBe('Collection - Result');
    expect(data.slices.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'Checkout - FAILED', value: 1 },
      { label: 'Checkout - PASSED', value: 1 },
      { label: 'Login - FAILED', value: 1 },
      { label: 'Login - PASSED', value: 1 },
    ]);
  });

  it("adds the month as 'MMM YYYY' when the element shows the date, and leaves out empty slices", () => {
    const data = shapePie(input({ type: 'pieGraph', plotAttrs: ['failedSteps'] }, ['time', 'result']));
    expect(data.slices.map(({ label, value }) => ({ label, value }))).toEqual([{ label: 'FAILED - Nov 2026', value: 2 }]);
    expect(shapePie(input({ type: 'pieGraph' })).slices.map((slice) => slice.label)).toEqual(expect.arrayContaining(['Checkout - chromium-1 - PASSED - admin - Not set - 1.0 - Nov 2026']));
  });
});

describe('tables', () => {
  it('drop the Time column and show one row per category combination with summed counts and averaged durations', () => {
    const data = shapeTable(input({ type: 'table', timeUnit: 'Seconds' }, ['time', 'collection', 'tags', 'duration', 'failedSteps']), false);
    expect(data.columns.map((column) => column.header)).toEqual(['Collection', 'Tags', 'Duration (Seconds)', 'Failed Steps']);
    expect(data.rows.map((row) => row.cells)).toEqual([
      { collection: 'Checkout', tags: NOT_SET, duration: '60', failedSteps: '2' },
      { collection: 'Login', tags: NOT_SET, duration: '60', failedSteps: '0' },
    ]);
  });

  it('show rows by date in the historical table', () => {
    const data = shapeChart(input({ type: 'historicalTable', timeUnit: 'Minutes' }, ['collection', 'duration']));
    if (!('table' in data)) throw new Error('a historical table shapes a table');
    expect(data.table.columns.map((column) => column.header)).toEqual(['Date', 'Collection', 'Duration (Minutes)']);
    expect(data.table.rows.map((row) => Object.values(row.cells))).toEqual([
      ['2026-11-16', 'Checkout', '1'],
      ['2026-11-18', 'Login', '1'],
    ]);
  });

  it('show every attribute but the time when the element names none', () => {
    const data = shapeTable(input({ type: 'table' }), false);
    expect(data.columns.map((column) => column.id)).toEqual(ANALYTICS_DATA_ATTRIBUTES.filter((attribute) => attribute.name !== 'time').map((attribute) => attribute.name));
  });
});

describe('shapeChart', () => {
  it('shapes the view of the chart type', () => {
    expect(Object.keys(shapeChart(input({ type: 'pieGraph' })))).toEqual(['type', 'pie']);
    expect(Object.keys(shapeChart(input({ type: 'barGraphHorizontal' })))).toEqual(['type', 'series']);
    expect(Object.keys(shapeChart(input({ type: 'table' })))).toEqual(['type', 'table']);
  });
});

describe('shaping many distinct values', () => {
  it('keeps a row per combination when the combinations outnumber a lookup table, and merges combinations that read the same', () => {
    // 1,100 collections by 1,100 resources: more code pairs than the typed lookup table holds.
    const many = Array.from({ length: 1_100 }, (_, index) => run('2026-11-17', { collection: `C${index}`, device: `D${index}` }));
    const table = shapeTable({ ...input({ type: 'table' }, ['collection', 'device', 'count']), dataset: analyticsDataset(many) }, false);
    expect(table.rows).toHaveLength(1_100);
    expect(table.rows[1_099]?.cells).toEqual({ collection: 'C1099', device: 'D1099', count: '1' });
    // 'A - B' + 'C' and 'A' + 'B - C' name the same slice.
    const alike = [run('2026-11-17', { collection: 'A - B', device: 'C' }), run('2026-11-17', { collection: 'A', device: 'B - C' })];
    const pie = shapePie({ ...input({ type: 'pieGraph' }, ['collection', 'device']), dataset: analyticsDataset(alike) });
    expect(pie.slices).toEqual([{ key: 'A - B - C', label: 'A - B - C', value: 2 }]);
  });
});
