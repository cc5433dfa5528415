/**
 * Marker shapes tell series apart without colour: the legend shows each series' shape beside its name, and line
 * points are drawn in it.
 */
export const MARKER_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star'] as const;
export type MarkerShape = (typeof MARKER_SHAPES)[number];

export function markerShape(index: number): MarkerShape {
  return MARKER_SHAPES[index % MARKER_SHAPES.length] ?? 'circle';
}

/** An SVG path of the shape centred on 0,0 with the given radius. */
export function markerPath(shape: MarkerShape, r: number): string {
  switch (shape) {
    case 'circle':
      return `M ${-r} 0 A ${r} ${r} 0 1 0 ${r} 0 A ${r} ${r} 0 1 0 ${-r} 0 Z`;
    case 'square':
      return `M ${-r} ${-r} H ${r} V ${r} H ${-r} Z`;
    case 'triangle':
      return `M 0 ${-r} L ${r} ${r} L ${-r} ${r} Z`;
    case 'diamond':
      return `M 0 ${-r} L ${r} 0 L 0 ${r} L ${-r} 0 Z`;
    case 'cross': {
      const t = r / 3;
      return `M ${-t} ${-r} H ${t} V ${-t} H ${r} V ${t} H ${t} V ${r} H ${-t} V ${t} H ${-r} V ${-t} H ${-t} Z`;
    }
    case 'star': {
      const points = Array.from({ length: 10 }, (_, index) => {
        const radius = index % 2 === 0 ? r : r / 2.2;
        const angle = (Math.PI / 5) * index - Math.PI / 2;
        return `${(radius * Math.cos(angle)).toFixed(2)} ${(radius * Math.sin(angle)).toFixed(2)}`;
      });
      return `M ${points.join(' L ')} Z`;
    }
  }
}
