/** The background charts are drawn on (the app's surface colour). */
export const CHART_BACKGROUND = '#ffffff';

/**
 * §9: chart palettes are fixed lists of hex colours. Every one is dark enough for 3:1 contrast against the background
 * (WCAG 1.4.11, non-text contrast); series past the twelfth reuse the list with another marker shape.
 */
export const CHART_PALETTE = [
  '#1f4e79',
  '#b3261e',
  '#2e7d32',
  '#6a3d9a',
  '#a84b00',
  '#00695c',
  '#ad1457',
  '#5d4037',
  '#455a64',
  '#7a6000',
  '#0277bd',
  '#8e24aa',
] as const;

export const MIN_GRAPHIC_CONTRAST = 3;

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * Results keep one colour in every chart, whatever their position: PASSED is always green and FAILED always red, so a
 * bar chart and a pie of the same runs agree. Only a label that is exactly a result gets one; 'Login - PASSED' is a
 * name of its own.
 */
export const RESULT_COLOURS: Readonly<Record<string, string>> = {
  PASSED: '#2e7d32',
  FAILED: '#b3261e',
  SKIPPED: '#455a64',
  CANCELLED: '#5d4037',
  ABORTED: '#a84b00',
};

const reservedForResults = new Set(Object.values(RESULT_COLOURS));
/** Other series take the palette's remaining colours in order, so none of them looks like a result. */
const POSITIONAL_PALETTE = CHART_PALETTE.filter((colour) => !reservedForResults.has(colour));

function positionalColour(index: number): string {
  return POSITIONAL_PALETTE[index % POSITIONAL_PALETTE.length] ?? CHART_PALETTE[0];
}

/** The colour of each series (or slice), in order: results by meaning, the rest by position among themselves. */
export function seriesColours(labels: readonly string[]): string[] {
  let position = 0;
  return labels.map((label) => RESULT_COLOURS[label.toUpperCase()] ?? positionalColour(position++));
}
