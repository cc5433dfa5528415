import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { memo } from 'react';
import { ChartFrame } from './ChartFrame';
import { formatValue, markLabel } from './format';
import { markerShape } from './markers';
import { seriesColours } from './palette';
import { markProps } from './roving-marks';
import type { PieChartData, PieSlice } from './types';

export interface PieChartProps {
  width: number;
  height: number;
  data: PieChartData;
  label: string;
  /** §2: the legend is shown by default. */
  showLegend?: boolean;
}

/** Room around the ring for the slice labels. */
const LABEL_MARGIN = 36;
const INNER_RADIUS_RATIO = 0.6;
/** Slices narrower than this (radians) go unlabelled on the ring: their labels would overlap; the legend names them. */
const MIN_LABELLED_ANGLE = 0.25;
const MAX_LABEL_CHARACTERS = 22;

function shortLabel(text: string): string {
  return text.length > MAX_LABEL_CHARACTERS ? `${text.slice(0, MAX_LABEL_CHARACTERS - 1)}…` : text;
}

function percent(value: number, total: number): string {
  return total === 0 ? '0%' : `${formatValue((value / total) * 100)}%`;
}

/** §2: a doughnut with labels, a slice per name. */
export const PieChart = memo(function PieChart({ width, height, data, label, showLegend = true }: PieChartProps) {
  const radius = Math.max(0, Math.min(width, height) / 2 - LABEL_MARGIN);
  const total = data.slices.reduce((sum, slice) => sum + slice.value, 0);
  const colours = seriesColours(data.slices.map((slice) => slice.label));
  const legend = showLegend
    ? data.slices.map((slice, index) => ({
        key: slice.key,
        label: slice.label,
        colour: colours[index] ?? '',
        shape: markerShape(index),
        detail: `${formatValue(slice.value)} (${percent(slice.value, total)})`,
      }))
    : null;
  const table = {
    headers: [data.categoryLabel, data.valueLabel, 'Share'],
    rows: data.slices.map((slice) => [slice.label, formatValue(slice.value), percent(slice.value, total)]),
  };
  return (
    <ChartFrame label={label} width={width} height={height} isEmpty={data.slices.length === 0} legend={legend} table={table}>
      <Group left={width / 2} top={height / 2}>
        <Pie<PieSlice> data={[...data.slices]} pieValue={(slice) => slice.value} pieSortValues={null} outerRadius={radius} innerRadius={radius * INNER_RADIUS_RATIO} padAngle={0.005}>
          {(pie) =>
            pie.arcs.map((arc, index) => {
              const [x, y] = pie.path.centroid(arc);
              const labelled = arc.endAngle - arc.startAngle >= MIN_LABELLED_ANGLE;
              // Outside the ring, along the slice's middle, pushed out from the centroid.
              const scale = (radius + LABEL_MARGIN / 2) / Math.max(1, Math.hypot(x, y));
              return (
                <g key={arc.data.key}>
                  <path
                    {...markProps(index, `${markLabel(arc.data.label, data.valueLabel, data.valueLabel, arc.data.value)} (${percent(arc.data.value, total)})`, colours[index] ?? '')}
                    d={pie.path(arc) ?? ''}
                  />
                  {labelled && (
                    <text className="chart-pie-label" x={x * scale} y={y * scale} textAnchor={x >= 0 ? 'start' : 'end'} dominantBaseline="middle" aria-hidden="true">
                      {shortLabel(arc.data.label)}
                    </text>
                  )}
                </g>
              );
            })
          }
        </Pie>
      </Group>
    </ChartFrame>
  );
});
