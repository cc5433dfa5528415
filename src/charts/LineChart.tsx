import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { memo } from 'react';
import { ChartAnnotations, type CategoryMark, type ReferenceLine } from './annotations';
import { categoryLegend, categorySeriesColours, categoryTable, CHART_MARGIN, isEmptyCategoryData, maxValue, type CategoryChartProps } from './category-chart';
import { CategoryAxes } from './CategoryAxes';
import { ChartFrame } from './ChartFrame';
import { markLabel } from './format';
import { markerPath, markerShape } from './markers';
import { markProps } from './roving-marks';

const POINT_RADIUS = 4;
/** Many points close together are drawn smaller so the line stays readable. */
const DENSE_POINT_RADIUS = 2.5;
const DENSE_POINTS_PER_PX = 1 / 12;

export interface LineChartProps extends CategoryChartProps {
  /** A value line, e.g. a goal; the value axis reaches it even when no point does. */
  reference?: ReferenceLine;
  /** Labelled categories, e.g. release dates. */
  marks?: readonly CategoryMark[];
}

/** A line per series (a group each), its points drawn in the series' marker shape and focusable. */
export const LineChart = memo(function LineChart({ width, height, data, label, reference, marks }: LineChartProps) {
  const innerWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const categoryScale = scalePoint<string>({ domain: [...data.categories], range: [0, innerWidth], padding: 0.5 });
  const valueScale = scaleLinear<number>({ domain: [0, Math.max(maxValue(data), reference?.value ?? 0) || 1], range: [innerHeight, 0], nice: true });
  const radius = data.categories.length / Math.max(1, innerWidth) > DENSE_POINTS_PER_PX ? DENSE_POINT_RADIUS : POINT_RADIUS;
  const colours = categorySeriesColours(data);
  let markIndex = 0;
  return (
    <ChartFrame label={label} width={width} height={height} isEmpty={isEmptyCategoryData(data)} legend={categoryLegend(data, colours)} table={categoryTable(data)}>
      <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
        {data.series.map((series, seriesIndex) => {
          const colour = colours[seriesIndex] ?? '';
          const path = markerPath(markerShape(seriesIndex), radius);
          const points = data.categories.map((category, index) => ({ category, value: series.values[index] ?? 0 }));
          return (
            <Group key={series.key}>
              <LinePath
                data={points}
                x={(point) => categoryScale(point.category) ?? 0}
                y={(point) => valueScale(point.value)}
                stroke={colour}
                strokeWidth={2}
                aria-hidden="true"
              />
              {points.map((point) => (
                <path
                  key={point.category}
                  {...markProps(markIndex++, markLabel(point.category, series.label, data.valueLabel, point.value), colour)}
                  transform={`translate(${categoryScale(point.category) ?? 0}, ${valueScale(point.value)})`}
                  d={path}
                />
              ))}
            </Group>
          );
        })}
        <ChartAnnotations reference={reference} marks={marks} xOf={categoryScale} yOf={valueScale} innerWidth={innerWidth} innerHeight={innerHeight} />
        <CategoryAxes data={data} categoryScale={categoryScale} valueScale={valueScale} innerWidth={innerWidth} innerHeight={innerHeight} />
      </Group>
    </ChartFrame>
  );
});
