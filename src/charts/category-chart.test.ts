import { describe, expect, it } from 'vitest';
import { valueTicks } from './category-chart';
import type { CategoryChartData } from './types';

function dataOf(values: number[]): CategoryChartData {
  return { categoryLabel: 'Date', valueLabel: 'Runs', categories: values.map((_, index) => `day ${index}`), series: [{ key: 'count', label: 'Runs', values }] };
}

describe('value axis ticks', () => {
  it('keeps only whole numbers when every value is a count', () => {
    expect(valueTicks(dataOf([0, 1]), [0, 0.2, 0.4, 0.6, 0.8, 1])).toEqual([0, 1]);
  });

  it('keeps the scale ticks when some value has a fraction (an average duration)', () => {
    expect(valueTicks(dataOf([0.5, 1.25]), [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4])).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4]);
  });
});
