import { describe, expect, it } from 'vitest';
import { makeReportElement } from '../../../../tests/msw/dashboards';
import type { ChartConfig, ReportElement } from '../../../shared/contracts/dashboards';
import { automaticTitle, elementTitle } from './element-title';

function element(chart: Partial<ChartConfig>, overrides: Partial<ReportElement> = {}): ReportElement {
  return makeReportElement({ title: '', dataBreakdown: 'capturedData', chart: { type: 'table', plotAttrs: [], group: null, timeUnit: 'Seconds', ...chart }, ...overrides });
}
const showing = (activeAttrs: string[], dataBreakdown: ReportElement['dataBreakdown'] = 'capturedData') => ({ dataBreakdown, dataBreakdownConfig: { config: {}, activeAttrs } });

describe('element titles', () => {
  it('name an untitled element after what it shows', () => {
    expect(automaticTitle(element({ type: 'barGraph', group: 'result' }))).toBe('Steps by Result over time');
    expect(automaticTitle(element({ type: 'lineGraph', plotAttrs: ['duration'] }))).toBe('Duration over time');
    expect(automaticTitle(element({ type: 'pieGraph' }, showing(['result'], 'analyticsData')))).toBe('Runs by Result');
    expect(automaticTitle(element({ type: 'table' }, showing(['collection', 'result', 'count', 'duration'])))).toBe('Steps and Duration by Collection and Result');
    expect(automaticTitle(element({ type: 'historicalTable' }, showing(['result', 'count'])))).toBe('Steps by Result over time');
    expect(automaticTitle(element({ type: 'barGraphHorizontal', plotAttrs: ['failedSteps'], group: 'collection' }, showing([], 'analyticsData')))).toBe(
      'Failed Steps by Collection over time',
    );
  });

  it("keep the element's own title when it has one", () => {
    expect(elementTitle(element({ type: 'barGraph' }, { title: 'Release health' }))).toBe('Release health');
    expect(elementTitle(element({ type: 'barGraph' }, { title: '  ' }))).toBe('Steps over time');
  });
});
