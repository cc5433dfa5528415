import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import type { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { tickCategories, valueAxisTicks } from './category-chart';
import type { CategoryChartData } from './types';

/** The axes' tick length and label font size (visx's defaults), which place the axis names. */
const TICK_LENGTH = 8;
const AXIS_FONT_SIZE = 10;
const AXIS_TEXT = { fontFamily: 'Arial', fontSize: AXIS_FONT_SIZE, fill: '#222' } as const;

/**
 * A tick label as plain SVG text. visx's default <Text> measures every word through a DOM element (a forced layout
 * per label) to wrap lines, which one-line tick labels never need.
 */
export function PlainTick({ formattedValue, x, y, dx, dy, textAnchor, fill, fontFamily, fontSize }: TickRendererProps) {
  return (
    <text x={x} y={y} dx={dx} dy={dy} textAnchor={textAnchor} fill={fill} fontFamily={fontFamily} fontSize={fontSize}>
      {formattedValue}
    </text>
  );
}

/** An axis name where visx would put it (its label transform), as plain SVG text for the same reason as PlainTick. */
export function AxisName({ side, length, offset, label }: { side: 'left' | 'bottom'; length: number; offset: number; label: string }) {
  if (!label) return null;
  return side === 'left' ? (
    <text className="visx-axis-label chart-axis-label" x={-length / 2} y={-(TICK_LENGTH + offset)} transform="rotate(-90)" textAnchor="middle" {...AXIS_TEXT}>
      {label}
    </text>
  ) : (
    <text className="visx-axis-label chart-axis-label" x={length / 2} y={TICK_LENGTH + offset + AXIS_FONT_SIZE + AXIS_FONT_SIZE} textAnchor="middle" {...AXIS_TEXT}>
      {label}
    </text>
  );
}

/** visx's default label offsets of the left and bottom axes. */
export const LEFT_LABEL_OFFSET = 36;
export const BOTTOM_LABEL_OFFSET = 8;

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
      <AxisLeft scale={valueScale} {...valueAxisTicks(data, valueScale)} tickComponent={PlainTick} />
      <AxisName side="left" length={innerHeight} offset={LEFT_LABEL_OFFSET} label={data.valueLabel} />
      <AxisBottom top={innerHeight} scale={categoryScale} tickValues={tickCategories(data.categories, innerWidth)} tickComponent={PlainTick} />
      <g transform={`translate(0, ${innerHeight})`}>
        <AxisName side="bottom" length={innerWidth} offset={BOTTOM_LABEL_OFFSET} label={data.categoryLabel} />
      </g>
    </>
  );
}
