import { describe, expect, it } from 'vitest';
import { CAPTURED_DATA_ATTRIBUTES, datasetOfRows, reportElementSchema } from '../../../shared/contracts/dashboards';
import { NOT_SET } from '../chart-data/dataset';
import { makeReport } from '../../../../tests/msw/dashboards';
import { blankDraft, draftOf, duplicateElement, filterValues, isDraftChanged, layoutSize, newElement, removeElement, resizeElement, upsertElement, withBreakdown } from './report-draft';

const NOW = Date.UTC(2024, 2, 1, 12);

describe('report drafts', () => {
  it('starts a blank report untitled, on Yesterday to today (UTC), with no test plans and no elements', () => {
    expect(blankDraft(NOW)).toEqual({
      title: '',
      settings: { timeFrame: { type: 'previous_1_days', name: 'Yesterday', fromDate: '2024-02-29', toDate: '2024-03-01' }, testPlans: [] },
      elements: [],
    });
  });

  it('starts a saved report from its fields, a preset frame moved to today and a custom frame kept', () => {
    const preset = makeReport({ title: 'Weekly' });
    expect(draftOf(preset, NOW)).toEqual({
      title: 'Weekly',
      settings: { timeFrame: { type: 'previous_7_days', name: 'Last 7 Days', fromDate: '2024-02-23', toDate: '2024-03-01' }, testPlans: [] },
      elements: [],
    });
    const custom = makeReport({ settings: { timeFrame: { type: 'custom', name: 'Custom', fromDate: '2023-01-01', toDate: '2023-01-31' }, testPlans: ['c-1'] } });
    expect(draftOf(custom, NOW).settings).toEqual(custom.settings);
  });

  it('makes new elements the contract accepts: the chosen type and size, over Captured Data, counting rows', () => {
    const element = newElement('barGraph', 0.5);
    expect(reportElementSchema.parse(element)).toEqual(element);
    expect(element).toMatchObject({ size: 0.5, dataBreakdown: 'capturedData', chart: { type: 'barGraph', plotAttrs: [], timeUnit: 'Seconds' } });
    expect(newElement('table', 1).id).not.toBe(element.id);
  });

  it('starts each type on a few attributes that answer a first question, never on every one (a slice or column per row)', () => {
    const shown = (type: Parameters<typeof newElement>[0]) => newElement(type, 1).dataBreakdownConfig.activeAttrs;
    expect(shown('table')).toEqual(['collection', 'result', 'count', 'duration']);
    expect(shown('historicalTable')).toEqual(['result', 'count']);
    expect(shown('pieGraph')).toEqual(['result']);
    for (const type of ['barGraph', 'barGraphHorizontal', 'lineGraph'] as const) {
      expect(shown(type)).toEqual(['time', 'result', 'count']);
      // A series per result, each in its result's colour.
      expect(newElement(type, 1).chart.group).toBe('result');
    }
    expect(newElement('table', 1).chart.group).toBeNull();
    expect(newElement('pieGraph', 1).chart.group).toBeNull();
  });

  it('keeps the starting attributes on Analytics Data, and falls back on the first filterable one without a result', () => {
    const pieOnAnalytics = withBreakdown(newElement('pieGraph', 1), 'analyticsData');
    expect(pieOnAnalytics.dataBreakdownConfig.activeAttrs).toEqual(['result']);
    expect(withBreakdown(newElement('table', 1), 'analyticsData').dataBreakdownConfig.activeAttrs).toEqual(['collection', 'result', 'count', 'duration']);
    const withoutResult = datasetOfRows(CAPTURED_DATA_ATTRIBUTES.filter((attribute) => attribute.name !== 'result'), []);
    expect(withBreakdown(newElement('pieGraph', 1), 'analyticsData', withoutResult).dataBreakdownConfig.activeAttrs).toEqual(['collection']);
  });

  it('reads {layout} as the size of new elements, full width otherwise', () => {
    expect(layoutSize('0.25')).toBe(0.25);
    expect(layoutSize('0.75')).toBe(0.75);
    expect(layoutSize('1')).toBe(1);
    expect(layoutSize('wide')).toBe(1);
    expect(layoutSize('0.3')).toBe(1);
    expect(layoutSize(undefined)).toBe(1);
  });

  it('on another breakdown drops the filters, shows its attributes and keeps only the chart attributes it also has', () => {
    const element = newElement('barGraph', 1);
    const configured = {
      ...element,
      chart: { ...element.chart, plotAttrs: ['duration'], group: 'flow' },
      dataBreakdownConfig: { config: { result: ['FAILED'] }, activeAttrs: ['flow', 'duration'] },
    };
    const analytics = withBreakdown(configured, 'analyticsData');
    expect(analytics.dataBreakdownConfig).toEqual({ config: {}, activeAttrs: ['time', 'result', 'count'] });
    expect(analytics.chart).toMatchObject({ plotAttrs: ['duration'], group: null });
    expect(withBreakdown(configured, 'capturedData')).toBe(configured);
  });

  it('adds, replaces, duplicates right after the original, resizes and removes elements', () => {
    const first = newElement('table', 1);
    const second = newElement('pieGraph', 0.5);
    let elements = upsertElement(upsertElement([], first), second);
    expect(elements.map((element) => element.id)).toEqual([first.id, second.id]);
    elements = upsertElement(elements, { ...first, title: 'Steps' });
    expect(elements[0]?.title).toBe('Steps');
    elements = duplicateElement(elements, first.id);
    expect(elements).toHaveLength(3);
    expect(elements[1]).toEqual({ ...elements[0], id: elements[1]?.id });
    expect(elements[1]?.id).not.toBe(first.id);
    elements = resizeElement(elements, second.id, 0.75);
    expect(elements[2]?.size).toBe(0.75);
    expect(removeElement(elements, first.id).map((element) => element.id)).toEqual([elements[1]?.id, second.id]);
  });

  it('tells a changed draft from the saved one', () => {
    const saved = blankDraft(NOW);
    expect(isDraftChanged({ ...saved }, saved)).toBe(false);
    expect(isDraftChanged({ ...saved, title: 'Weekly' }, saved)).toBe(true);
  });

  it('offers the distinct values of an attribute, empty cells as the filters name them', () => {
    const dataset = datasetOfRows(CAPTURED_DATA_ATTRIBUTES, [{ result: 'PASSED' }, { result: 'FAILED' }, { result: 'PASSED' }, { result: null }]);
    expect(filterValues(dataset, 'result')).toEqual(['FAILED', NOT_SET, 'PASSED']);
    expect(filterValues(undefined, 'result')).toEqual([]);
  });
});
