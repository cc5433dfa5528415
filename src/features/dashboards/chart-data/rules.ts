import {
  GROUPING_CHART_TYPES,
  PLOT_CHART_TYPES,
  SINGLE_PLOT_CHART_TYPES,
  type ChartConfig,
  type ChartType,
  type DatasetAttribute,
} from '../../../shared/contracts/dashboards';
import { isCategoryAttribute } from './dataset';

/** The most plot attributes any chart takes (the contract's plotAttrs maximum). */
export const MAX_PLOT_ATTRIBUTES = 12;

/** §5: bar, horizontal bar and pie plot one attribute. */
export function plotAttributeLimit(type: ChartType): number {
  return SINGLE_PLOT_CHART_TYPES.includes(type) ? 1 : MAX_PLOT_ATTRIBUTES;
}

export function takesPlotAttributes(type: ChartType): boolean {
  return PLOT_CHART_TYPES.includes(type);
}

export function takesGrouping(type: ChartType): boolean {
  return GROUPING_CHART_TYPES.includes(type);
}

/** §3: changing the chart type clears plotAttrs and group; the time unit stays. */
export function changeChartType(chart: ChartConfig, type: ChartType): ChartConfig {
  return type === chart.type ? chart : { ...chart, type, plotAttrs: [], group: null };
}

/** Picks past the limit keep the latest ones: on a one-attribute chart a new pick replaces the old. */
export function withPlotAttributes(chart: ChartConfig, names: readonly string[]): ChartConfig {
  const unique = [...new Set(names)];
  return { ...chart, plotAttrs: unique.slice(Math.max(0, unique.length - plotAttributeLimit(chart.type))) };
}

/** The attributes a chart may plot: the dataset's values. */
export function plotAttributeChoices(attributes: readonly DatasetAttribute[]): DatasetAttribute[] {
  return attributes.filter((attribute) => attribute.isValue);
}

/** The attributes a chart may group by: categories, never a value or the time. */
export function groupingChoices(attributes: readonly DatasetAttribute[]): DatasetAttribute[] {
  return attributes.filter(isCategoryAttribute);
}
