import { describe, expect, it } from 'vitest';
import { SCHEDULE_SUMMARY_STATUSES } from '../shared/contracts/operations';
import { RUN_STATES, STEP_RESULT_VALUES } from '../shared/contracts/runs';
import { CHART_BACKGROUND, CHART_PALETTE, contrastRatio, MIN_GRAPHIC_CONTRAST, RESULT_COLOURS, resultColour, seriesColours } from './palette';

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

  it('gives every status of runs, steps and schedule firings a colour of its own, none of them a positional one', () => {
    const statuses = [...new Set([...RUN_STATES, ...STEP_RESULT_VALUES, ...SCHEDULE_SUMMARY_STATUSES])];
    const colours = statuses.map((status) => resultColour(status));
    expect(colours.every((colour) => colour !== null)).toBe(true);
    expect(new Set(colours).size).toBe(statuses.length);
    for (const colour of CHART_PALETTE) expect(Object.values(RESULT_COLOURS)).not.toContain(colour);
    expect(resultColour('Passed')).toBe('#2e7d32');
    expect(resultColour('Failed')).toBe('#b3261e');
    expect(resultColour('toString')).toBeNull();
  });

  it('has distinct colours and reuses them past the end', () => {
    expect(new Set(CHART_PALETTE).size).toBe(CHART_PALETTE.length);
    const many = seriesColours(Array.from({ length: 2 * CHART_PALETTE.length }, (_, index) => `Series ${index}`));
    const distinct = new Set(many).size;
    expect(many[distinct]).toBe(many[0]);
  });
});
