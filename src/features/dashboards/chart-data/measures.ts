export { formatValue } from '../../../charts/format';
import type { ChartConfig, DatasetAttribute, DatasetRow } from '../../../shared/contracts/dashboards';
import { durationIn, numericValue } from './dataset';

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
  valueOf: (row: DatasetRow) => number;
}

/** With no plot attribute chosen, a chart counts its rows. */
export const ROW_COUNT_MEASURE: Measure = { key: '__rows', label: 'Count', aggregation: 'sum', valueOf: () => 1 };

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
    valueOf: isDuration ? (row) => durationIn(numericValue(row[name]), chart.timeUnit) : (row) => numericValue(row[name]),
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

/** A running total and count; average or sum on read. */
export class Tally {
  private sum = 0;
  private count = 0;

  add(value: number): void {
    this.sum += value;
    this.count += 1;
  }

  result(aggregation: Aggregation): number {
    if (aggregation === 'sum') return this.sum;
    return this.count === 0 ? 0 : this.sum / this.count;
  }
}
