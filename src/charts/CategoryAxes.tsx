import { AxisBottom, AxisLeft } from '@visx/axis';
import type { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { tickCategories } from './category-chart';
import type { CategoryChartData } from './types';

export interface CategoryAxesProps {
  data: CategoryChartData;
  categoryScale: ReturnType<typeof scaleBand<string>> | ReturnType<typeof scalePoint<string>>;
  valueScale: ReturnType<typeof scaleLinear<number>>;
  innerWidth: number;
  innerHeight: number;
}

/** Values up the side, categories along the bottom (as many labels as fit), each axis named. */
export function CategoryAxes({ data, categoryScale, valueScale, innerWidth, innerHeight }: CategoryAxesProps) {
  return (
    <>
      <AxisLeft scale={valueScale} numTicks={5} label={data.valueLabel} labelClassName="chart-axis-label" />
      <AxisBottom top={innerHeight} scale={categoryScale} tickValues={tickCategories(data.categories, innerWidth)} label={data.categoryLabel} labelClassName="chart-axis-label" />
    </>
  );
}
