import {
  ANALYTICS_DATA_ATTRIBUTES,
  CAPTURED_DATA_ATTRIBUTES,
  DEFAULT_TIME_UNIT,
  ELEMENT_SIZES,
  type ChartType,
  type DataBreakdown,
  type Dataset,
  type DatasetAttribute,
  type ElementSize,
  type Report,
  type ReportDraft,
  type ReportElement,
} from '../../../shared/contracts/dashboards';
import { categoryColumn } from '../chart-data/dataset';
import { currentTimeFrame, defaultTimeFrame } from '../../../lib/time-frame';

/** Part 3 §2: the title placeholder; an element with no title is shown under it too. */
export const UNTITLED_ELEMENT = 'Untitled Element';

/** The breakdown a new element starts on: per-step data answers most questions about runs. */
export const DEFAULT_BREAKDOWN: DataBreakdown = 'capturedData';

export function blankDraft(now: number = Date.now()): ReportDraft {
  return { title: '', settings: { timeFrame: defaultTimeFrame(now), testPlans: [] }, elements: [] };
}

/** A saved report as the editor starts it: a preset frame's dates worked out again from today (they are relative). */
export function draftOf(report: Report, now: number = Date.now()): ReportDraft {
  return { title: report.title, settings: { ...report.settings, timeFrame: currentTimeFrame(report.settings.timeFrame, now) }, elements: report.elements };
}

/** Whether the draft differs from what was last loaded or saved. */
export const isDraftChanged = (draft: ReportDraft, saved: ReportDraft): boolean => JSON.stringify(draft) !== JSON.stringify(saved);

/**
 * `{layout}` of dashboards-edit/{type}/{layout} and reportSaver/…/{layout}: the size new elements take, as one of the
 * element sizes ('0.5' lays new charts out two to a row). Anything else means full width (docs/decisions.md).
 */
export function layoutSize(layout: string | undefined): ElementSize {
  const size = Number(layout);
  return ELEMENT_SIZES.find((candidate) => candidate === size) ?? 1;
}

/** The attributes of a breakdown: the dataset's own once loaded, the contract's list before. */
export function breakdownAttributes(breakdown: DataBreakdown, dataset?: Dataset): readonly DatasetAttribute[] {
  if (dataset) return dataset.attributes;
  return breakdown === 'capturedData' ? CAPTURED_DATA_ATTRIBUTES : ANALYTICS_DATA_ATTRIBUTES;
}

const newElementId = (): string => crypto.randomUUID();

/**
 * The attributes a new element shows. A table shows every column. A pie names a slice per combination of its shown
 * attributes, so with all of them it would draw a slice per row: it starts on the result alone (runs or steps by
 * result), or on the first filterable attribute of a dataset without one.
 */
export function startingAttributes(type: ChartType, attributes: readonly DatasetAttribute[]): string[] {
  if (type !== 'pieGraph') return attributes.map((attribute) => attribute.name);
  const slices = attributes.find((attribute) => attribute.name === 'result') ?? attributes.find((attribute) => attribute.filterable);
  return slices ? [slices.name] : attributes.map((attribute) => attribute.name);
}

/** A new element of a chart type over the default breakdown, with the attributes its type starts with. */
export function newElement(type: ChartType, size: ElementSize): ReportElement {
  const attributes = breakdownAttributes(DEFAULT_BREAKDOWN);
  return {
    id: newElementId(),
    title: '',
    size,
    // No plot attribute yet: a chart then counts its rows, so the preview shows something before the user picks.
    chart: { type, plotAttrs: [], group: null, timeUnit: DEFAULT_TIME_UNIT },
    dataBreakdown: DEFAULT_BREAKDOWN,
    dataBreakdownConfig: { config: {}, activeAttrs: startingAttributes(type, attributes) },
  };
}

/**
 * Another breakdown has other attributes: filters start again, the attributes shown are those a new element of the
 * type starts with, and the chart keeps only the plot and grouping attributes the new breakdown also has.
 */
export function withBreakdown(element: ReportElement, breakdown: DataBreakdown, dataset?: Dataset): ReportElement {
  if (breakdown === element.dataBreakdown) return element;
  const attributes = breakdownAttributes(breakdown, dataset);
  const names = new Set(attributes.map((attribute) => attribute.name));
  return {
    ...element,
    dataBreakdown: breakdown,
    dataBreakdownConfig: { config: {}, activeAttrs: startingAttributes(element.chart.type, attributes) },
    chart: {
      ...element.chart,
      plotAttrs: element.chart.plotAttrs.filter((name) => names.has(name)),
      group: element.chart.group !== null && names.has(element.chart.group) ? element.chart.group : null,
    },
  };
}

/** Puts the element in the place of the one with its id, or appends it when it is new. */
export function upsertElement(elements: readonly ReportElement[], element: ReportElement): ReportElement[] {
  const index = elements.findIndex((candidate) => candidate.id === element.id);
  if (index < 0) return [...elements, element];
  return elements.map((candidate) => (candidate.id === element.id ? element : candidate));
}

export const removeElement = (elements: readonly ReportElement[], id: string): ReportElement[] => elements.filter((element) => element.id !== id);

/** A copy under a new id, right after the original. */
export function duplicateElement(elements: readonly ReportElement[], id: string): ReportElement[] {
  return elements.flatMap((element) => (element.id === id ? [element, { ...element, id: newElementId() }] : [element]));
}

export const resizeElement = (elements: readonly ReportElement[], id: string, size: ElementSize): ReportElement[] =>
  elements.map((element) => (element.id === id ? { ...element, size } : element));

/** The distinct values of an attribute in the rows, as filter choices: the texts the breakdown's filters match. */
export function filterValues(dataset: Dataset | undefined, attribute: string): string[] {
  if (!dataset) return [];
  const values = new Set(categoryColumn(dataset, attribute).texts);
  return [...values].sort((left, right) => left.localeCompare(right));
}
