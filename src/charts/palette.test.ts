import { describe, expect, it } from 'vitest';
import { CHART_BACKGROUND, CHART_PALETTE, contrastRatio, MIN_GRAPHIC_CONTRAST, seriesColour } from './palette';

describe('chart palette', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each(CHART_PALETTE)('%s has 3:1 contrast against the chart background', (colour) => {
    expect(contrastRatio(colour, CHART_BACKGROUND)).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
  });

  it('has distinct colours and reuses them past the end', () => {
    expect(new Set(CHART_PALETTE).size).toBe(CHART_PALETTE.length);
    expect(seriesColour(CHART_PALETTE.length)).toBe(CHART_PALETTE[0]);
  });
});
