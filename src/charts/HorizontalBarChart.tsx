import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { memo } from 'react';
import {
  BAR_PADDING_PX,
  categoryLegend,
  categorySeriesColours,
  categoryTable,
  CHART_MARGIN,
  GROUP_PADDING_PX,
  isEmptyCategoryData,
  maxValue,
  paddingRatio,
  valueAxisTicks,
  type CategoryChartProps,
} from './category-chart';
import { AxisName, BOTTOM_LABEL_OFFSET, PlainTick } from './CategoryAxes';
import { ChartFrame } from './ChartFrame';
import { markLabel } from './format';
import { markProps } from './roving-marks';

/** Dates down the side label every this many px at most. */
const PX_PER_ROW_LABEL = 18;
/** Dates ('YYYY-MM-DD') need a wider left margin than numbers. */
const LEFT_MARGIN = 88;
/** The category axis's name sits clear of the dates. */
const CATEGORY_LABEL_OFFSET = 64;

/** §2 'Column grouped by date': horizontal bars, a group per date, a bar per series. */
export const HorizontalBarChart = memo(function HorizontalBarChart({ width, height, data, label }: CategoryChartProps) {
  const innerWidth = Math.max(0, width - LEFT_MARGIN - CHART_MARGIN.right);
  const innerHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const categoryScale = scaleBand<string>({ domain: [...data.categories], range: [0, innerHeight] });
  categoryScale.paddingInner(paddingRatio(GROUP_PADDING_PX, categoryScale.step())).paddingOuter(0.1);
  const seriesScale = scaleBand<string>({ domain: data.series.map((series) => series.key), range: [0, categoryScale.bandwidth()] });
  seriesScale.paddingInner(paddingRatio(BAR_PADDING_PX, seriesScale.step()));
  const valueScale = scaleLinear<number>({ domain: [0, maxValue(data) || 1], range: [0, innerWidth], nice: true });
  const labelEvery = Math.max(1, Math.ceil((data.categories.length * PX_PER_ROW_LABEL) / Math.max(1, innerHeight)));
  const colours = categorySeriesColours(data);
  let markIndex = 0;
  return (
    <ChartFrame label={label} width={width} height={height} isEmpty={isEmptyCategoryData(data)} legend={categoryLegend(data, colours)} table={categoryTable(data)}>
      <Group left={LEFT_MARGIN} top={CHART_MARGIN.top}>
        {data.categories.map((category, categoryIndex) => (
          <Group key={category} top={categoryScale(category) ?? 0}>
            {data.series.map((series, seriesIndex) => {
              const value = series.values[categoryIndex] ?? 0;
              const index = markIndex++;
              return (
                <rect
                  key={series.key}
                  {...markProps(index, markLabel(category, series.label, data.valueLabel, value), colours[seriesIndex] ?? '')}
                  x={0}
                  y={seriesScale(series.key) ?? 0}
                  width={Math.max(0, valueScale(value))}
                  height={Math.max(1, seriesScale.bandwidth())}
                />
              );
            })}
          </Group>
        ))}
        <AxisLeft
          scale={categoryScale}
          tickValues={data.categories.filter((_, index) => index % labelEvery === 0)}
          tickComponent={PlainTick}
        />
        <AxisName side="left" length={innerHeight} offset={CATEGORY_LABEL_OFFSET} label={data.categoryLabel} />
        <AxisBottom top={innerHeight} scale={valueScale} {...valueAxisTicks(data, valueScale)} tickComponent={PlainTick} />
        <g transform={`translate(0, ${innerHeight})`}>
          <AxisName side="bottom" length={innerWidth} offset={BOTTOM_LABEL_OFFSET} label={data.valueLabel} />
        </g>
      </Group>
    </ChartFrame>
  );
});
