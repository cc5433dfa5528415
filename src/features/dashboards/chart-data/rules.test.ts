import { describe, expect, it } from 'vitest';
import { ANALYTICS_DATA_ATTRIBUTES, CHART_TYPES, type ChartConfig } from '../../../shared/contracts/dashboards';
import { changeChartType, groupingChoices, MAX_PLOT_ATTRIBUTES, plotAttributeChoices, plotAttributeLimit, withPlotAttributes } from './rules';

const bar: ChartConfig = { type: 'barGraph', plotAttrs: ['duration'], group: 'result', timeUnit: 'Minutes' };

describe('chart rules', () => {
  it('clear plotAttrs and group when the type changes, keeping the time unit (§3)', () => {
    expect(changeChartType(bar, 'lineGraph')).toEqual({ type: 'lineGraph', plotAttrs: [], group: null, timeUnit: 'Minutes' });
    expect(changeChartType(bar, 'barGraph')).toBe(bar);
  });

  it('limit bar, horizontal bar and pie to one plot attribute (§5)', () => {
    expect(CHART_TYPES.map((type) => [type, plotAttributeLimit(type)])).toEqual([
      ['table', MAX_PLOT_ATTRIBUTES],
      ['historicalTable', MAX_PLOT_ATTRIBUTES],
      ['barGraph', 1],
      ['barGraphHorizontal', 1],
      ['pieGraph', 1],
      ['lineGraph', MAX_PLOT_ATTRIBUTES],
    ]);
    expect(withPlotAttributes(bar, ['duration', 'failedSteps']).plotAttrs).toEqual(['failedSteps']);
    expect(withPlotAttributes({ ...bar, type: 'lineGraph' }, ['duration', 'failedSteps', 'duration']).plotAttrs).toEqual(['duration', 'failedSteps']);
  });

  it('offer values to plot and categories (never the time) to group by', () => {
    expect(plotAttributeChoices(ANALYTICS_DATA_ATTRIBUTES).map((attribute) => attribute.name)).toEqual(['duration', 'passedSteps', 'failedSteps', 'flaky', 'passedOnRetry', 'count']);
    expect(groupingChoices(ANALYTICS_DATA_ATTRIBUTES).map((attribute) => attribute.name)).toEqual(['collection', 'device', 'result', 'triggeredBy', 'tags', 'version']);
  });
});
