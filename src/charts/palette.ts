import type { SCHEDULE_SUMMARY_STATUSES } from '../shared/contracts/operations';
import type { RUN_STATES, STEP_RESULT_VALUES } from '../shared/contracts/runs';

/** The background charts are drawn on (the app's surface colour). */
export const CHART_BACKGROUND = '#ffffff';

/**
 * §9: chart palettes are fixed lists of hex colours. These are the colours of series that are not results, in order.
 * Every one is dark enough for 3:1 contrast against the background (WCAG 1.4.11, non-text contrast) and none is a
 * result's colour. Seven of them against six marker shapes: a colour comes back with another shape.
 */
export const CHART_PALETTE = ['#1f4e79', '#ad1457', '#00695c', '#8e24aa', '#3949ab', '#00838f', '#d81b60'] as const;

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

/** Every result or state a run, a step or a schedule's firing can have (src/shared's lists). */
export type ResultStatus = (typeof RUN_STATES)[number] | (typeof STEP_RESULT_VALUES)[number] | (typeof SCHEDULE_SUMMARY_STATUSES)[number];

/**
 * The one mapping of results to colours, used by every chart: PASSED is always green and FAILED always red, whatever
 * the series' position, so a bar chart and a pie of the same runs agree. Typed over the shared lists, so a new status
 * cannot be added without a colour. Only a label that is exactly a result (any case) takes one; 'Login - PASSED' is a
 * name of its own. Colour is never the only cue: legends name every series beside its marker shape.
 */
export const RESULT_COLOURS: Readonly<Record<ResultStatus, string>> = {
  PASSED: '#2e7d32',
  FAILED: '#b3261e',
  SKIPPED: '#455a64',
  CANCELLED: '#5d4037',
  ABORTED: '#a84b00',
  RUNNING: '#0277bd',
  QUEUED: '#6a3d9a',
  MISSED: '#7a6000',
};

const isResultStatus = (label: string): label is ResultStatus => Object.hasOwn(RESULT_COLOURS, label);

/** A result's fixed colour, or null for a label that is not exactly a result. */
export function resultColour(label: string): string | null {
  const upper = label.toUpperCase();
  return isResultStatus(upper) ? RESULT_COLOURS[upper] : null;
}

/** The colour of each series (or slice), in order: results by meaning, the rest by position among themselves. */
export function seriesColours(labels: readonly string[]): string[] {
  let position = 0;
  return labels.map((label) => resultColour(label) ?? CHART_PALETTE[position++ % CHART_PALETTE.length] ?? CHART_PALETTE[0]);
}
