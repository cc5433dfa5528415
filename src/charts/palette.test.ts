import { describe, expect, it } from 'vitest';
import { CHART_BACKGROUND, CHART_PALETTE, contrastRatio, MIN_GRAPHIC_CONTRAST, RESULT_COLOURS, seriesColours } from './palette';

describe('chart palette', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each(CHART_PALETTE)('%s has 3:1 contrast against the chart background', (colour) => {
    expect(contrastRatio(colour, CHART_BACKGROUND)).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
  });

  it.each(Object.entries(RESULT_COLOURS))('the %s colour has 3:1 contrast against the chart background', (_, colour) => {
    expect(contrastRatio(colour, CHART_BACKGROUND)).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
  });

  it('gives each result the same colour at any position, and other series colours no result uses', () => {
    const [failedFirst, passedSecond] = seriesColours(['FAILED', 'PASSED']);
    const [passedFirst, failedSecond] = seriesColours(['passed', 'failed']);
    expect(failedFirst).toBe(RESULT_COLOURS.FAILED);
    expect(failedSecond).toBe(RESULT_COLOURS.FAILED);
    expect(passedSecond).toBe(RESULT_COLOURS.PASSED);
    expect(passedFirst).toBe(RESULT_COLOURS.PASSED);
    const others = seriesColours(['Login - PASSED', 'Checkout', 'PASSED', 'Search']);
    expect(others[2]).toBe(RESULT_COLOURS.PASSED);
    const resultColours = new Set(Object.values(RESULT_COLOURS));
    for (const colour of [others[0], others[1], others[3]]) expect(resultColours.has(colour ?? '')).toBe(false);
    expect(new Set([others[0], others[1], others[3]]).size).toBe(3);
  });

  it('has distinct colours and reuses them past the end', () => {
    expect(new Set(CHART_PALETTE).size).toBe(CHART_PALETTE.length);
    const many = seriesColours(Array.from({ length: 2 * CHART_PALETTE.length }, (_, index) => `Series ${index}`));
    const distinct = new Set(many).size;
    expect(many[distinct]).toBe(many[0]);
  });
});
