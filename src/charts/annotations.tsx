/** A value line across a chart, e.g. a goal of 80 %. */
export interface ReferenceLine {
  value: number;
  label: string;
}

/** A labelled point of the category axis, e.g. a release date. */
export interface CategoryMark {
  category: string;
  label: string;
}

export interface ChartAnnotationsProps {
  reference?: ReferenceLine;
  marks?: readonly CategoryMark[];
  /** Where a category and a value sit, in the plot's pixels; undefined for a category the chart does not show. */
  xOf: (category: string) => number | undefined;
  yOf: (value: number) => number;
  innerWidth: number;
  innerHeight: number;
}

const ANNOTATION_COLOUR = '#333333';

/**
 * A dashed reference line and dashed category marks over a category chart's plot, each named for assistive
 * technology (a named image inside the chart's group). Marks on categories the chart lacks are left out.
 */
export function ChartAnnotations({ reference, marks = [], xOf, yOf, innerWidth, innerHeight }: ChartAnnotationsProps) {
  return (
    <>
      {reference && (
        <g role="img" aria-label={reference.label} className="chart-annotation chart-annotation--reference">
          <line x1={0} x2={innerWidth} y1={yOf(reference.value)} y2={yOf(reference.value)} stroke={ANNOTATION_COLOUR} strokeWidth={1.5} strokeDasharray="6 4" />
          <text x={innerWidth} y={yOf(reference.value) - 4} textAnchor="end" className="chart-axis-label">
            {reference.label}
          </text>
        </g>
      )}
      {marks.map((mark, index) => {
        const x = xOf(mark.category);
        if (x === undefined) return null;
        return (
          <g key={`${mark.category}-${mark.label}-${index}`} role="img" aria-label={`${mark.label}: ${mark.category}`} className="chart-annotation">
            <line x1={x} x2={x} y1={0} y2={innerHeight} stroke={ANNOTATION_COLOUR} strokeWidth={1} strokeDasharray="2 3" />
            <text x={x + 3} y={10 + (index % 3) * 12} className="chart-axis-label">
              {mark.label}
            </text>
          </g>
        );
      })}
    </>
  );
}
