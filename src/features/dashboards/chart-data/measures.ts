export { formatValue } from '../../../charts/format';
import { MS_PER_TIME_UNIT, type ChartConfig, type DatasetAttribute } from '../../../shared/contracts/dashboards';

/**
 * How rows of one category and group combine: counts add up; durations ('milliseconds') average, since a total of
 * step or run times over a day says little while the mean time does.
 */
export type Aggregation = 'sum' | 'average';

export interface Measure {
  key: string;
  /** The attribute's label, with the time unit for durations: 'Duration (Seconds)'. */
  label: string;
  aggregation: Aggregation;
  /** The value attribute a row adds (its numericValue divided by `divisor`), or null: each row adds 1. */
  attribute: string | null;
  /** 1, or for a duration the milliseconds of the element's time unit. */
  divisor: number;
}

/** With no plot attribute chosen, a chart counts its rows. */
export const ROW_COUNT_MEASURE: Measure = { key: '__rows', label: 'Count', aggregation: 'sum', attribute: null, divisor: 1 };

export function aggregationOf(attribute: DatasetAttribute): Aggregation {
  return attribute.unit === 'milliseconds' ? 'average' : 'sum';
}

export function measureOf(attribute: DatasetAttribute, chart: Pick<ChartConfig, 'timeUnit'>): Measure {
  const isDuration = attribute.unit === 'milliseconds';
  const name = attribute.name;
  return {
    key: name,
    label: isDuration ? `${attribute.label} (${chart.timeUnit})` : attribute.label,
    aggregation: aggregationOf(attribute),
    attribute: name,
    // A duration in the element's time unit, divided per row so that sums and means round as they always have.
    divisor: isDuration ? MS_PER_TIME_UNIT[chart.timeUnit] : 1,
  };
}

/** The chart's plot attributes that the dataset has as values, or the row count when there are none. */
export function measuresOf(chart: Pick<ChartConfig, 'plotAttrs' | 'timeUnit'>, attributes: ReadonlyMap<string, DatasetAttribute>): Measure[] {
  const measures = chart.plotAttrs.flatMap((name) => {
    const attribute = attributes.get(name);
    return attribute?.isValue ? [measureOf(attribute, chart)] : [];
  });
  return measures.length > 0 ? measures : [ROW_COUNT_MEASURE];
}

/** The sum, or the mean of `count` values (0 for none). */
export function aggregate(sum: number, count: number, aggregation: Aggregation): number {
  if (aggregation === 'sum') return sum;
  return count === 0 ? 0 : sum / count;
}
