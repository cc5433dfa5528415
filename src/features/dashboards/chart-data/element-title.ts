import {
  ANALYTICS_DATA_ATTRIBUTES,
  CAPTURED_DATA_ATTRIBUTES,
  type DataBreakdown,
  type DatasetAttribute,
  type ReportElement,
} from '../../../shared/contracts/dashboards';
import { isCategoryAttribute } from './dataset';

const ATTRIBUTES: Readonly<Record<DataBreakdown, readonly DatasetAttribute[]>> = {
  capturedData: CAPTURED_DATA_ATTRIBUTES,
  analyticsData: ANALYTICS_DATA_ATTRIBUTES,
};

/** The attribute a chart counts rows with: 'Steps' in Captured Data, 'Runs' in Analytics Data. */
const COUNT_ATTRIBUTE = 'count';

function labelsOf(names: readonly string[], attributes: readonly DatasetAttribute[]): string[] {
  return names.flatMap((name) => attributes.find((attribute) => attribute.name === name)?.label ?? []);
}

/** 'A', 'A and B', 'A, B and C'. */
function listed(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * The name an element goes by until it is given one, saying what it shows: 'Runs by Result' (a pie), 'Steps and
 * Duration by Collection and Result' (a table), 'Steps by Result over time' (bars, lines, a historical table). The
 * editor offers it as the title field's placeholder.
 */
export function automaticTitle({ chart, dataBreakdown, dataBreakdownConfig }: ReportElement): string {
  const attributes = ATTRIBUTES[dataBreakdown];
  const shown = dataBreakdownConfig.activeAttrs.flatMap((name) => attributes.find((attribute) => attribute.name === name) ?? []);
  const countLabel = labelsOf([COUNT_ATTRIBUTE], attributes);
  const isTable = chart.type === 'table' || chart.type === 'historicalTable';
  const values = isTable ? shown.filter((attribute) => attribute.isValue).map((attribute) => attribute.label) : labelsOf(chart.plotAttrs, attributes);
  const categories =
    chart.type === 'pieGraph' || isTable ? shown.filter(isCategoryAttribute).map((attribute) => attribute.label) : labelsOf(chart.group === null ? [] : [chart.group], attributes);
  const what = listed(values.length > 0 ? values : countLabel);
  const by = categories.length > 0 ? ` by ${listed(categories)}` : '';
  return `${what}${by}${chart.type === 'table' || chart.type === 'pieGraph' ? '' : ' over time'}`;
}

/** The element's own title, or its automatic one. */
export function elementTitle(element: ReportElement): string {
  return element.title.trim() || automaticTitle(element);
}
