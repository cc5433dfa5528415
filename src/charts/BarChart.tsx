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
  type CategoryChartProps,
} from './category-chart';
import { CategoryAxes } from './CategoryAxes';
import { ChartFrame } from './ChartFrame';
import { markLabel } from './format';
import { markProps } from './roving-marks';

/** Vertical bars: a group of bars per category, one per series (a single bar when not grouped). */
export const BarChart = memo(function BarChart({ width, height, data, label }: CategoryChartProps) {
  const innerWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const categoryScale = scaleBand<string>({ domain: [...data.categories], range: [0, innerWidth] });
  categoryScale.paddingInner(paddingRatio(GROUP_PADDING_PX, categoryScale.step())).paddingOuter(0.1);
  const seriesScale = scaleBand<string>({ domain: data.series.map((series) => series.key), range: [0, categoryScale.bandwidth()] });
  seriesScale.paddingInner(paddingRatio(BAR_PADDING_PX, seriesScale.step()));
  const valueScale = scaleLinear<number>({ domain: [0, maxValue(data) || 1], range: [innerHeight, 0], nice: true });
  const colours = categorySeriesColours(data);
  let markIndex = 0;
  return (
    <ChartFrame label={label} width={width} height={height} isEmpty={isEmptyCategoryData(data)} legend={categoryLegend(data, colours)} table={categoryTable(data)}>
      <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
        {data.categories.map((category, categoryIndex) => (
          <Group key={category} left={categoryScale(category) ?? 0}>
            {data.series.map((series, seriesIndex) => {
              const value = series.values[categoryIndex] ?? 0;
              const y = valueScale(value);
              const index = markIndex++;
              return (
                <rect
                  key={series.key}
                  {...markProps(index, markLabel(category, series.label, data.valueLabel, value), colours[seriesIndex] ?? '')}
                  x={seriesScale(series.key) ?? 0}
                  y={y}
                  width={Math.max(1, seriesScale.bandwidth())}
                  height={Math.max(0, innerHeight - y)}
                />
              );
            })}
          </Group>
        ))}
        <CategoryAxes data={data} categoryScale={categoryScale} valueScale={valueScale} innerWidth={innerWidth} innerHeight={innerHeight} />
      </Group>
    </ChartFrame>
  );
});
