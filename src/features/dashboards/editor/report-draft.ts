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
import { takesGrouping } from '../chart-data/rules';
import { currentTimeFrame, defaultTimeFrame } from '../../../lib/time-frame';

/**
 * The report title's placeholder: an example of a title that says what the report is for. §2's 'Untitled Element' told
 * a new user nothing, and it is no element's name (docs/decisions.md).
 */
export const REPORT_TITLE_PLACEHOLDER = 'e.g. Release health, last 7 days';

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
 * What a new element shows, per chart type: every attribute ticked made a table of a dozen columns and a pie of a slice
 * per row. Tables count (and time) steps or runs by collection and result, a historical table counts them by result
 * day by day, a pie slices them by result; bars and lines are drawn from the date and the result, which their raw data
 * table shows with the count.
 */
const STARTING_ATTRIBUTES: Readonly<Record<ChartType, readonly string[]>> = {
  table: ['collection', 'result', 'count', 'duration'],
  historicalTable: ['result', 'count'],
  pieGraph: ['result'],
  barGraph: ['time', 'result', 'count'],
  barGraphHorizontal: ['time', 'result', 'count'],
  lineGraph: ['time', 'result', 'count'],
};

/** The grouping a new bar or line chart starts with: a series per result, each in its result's colour. */
const STARTING_GROUP = 'result';

/**
 * The attributes a new element of the type shows, of those the breakdown has. A dataset with none of them (another
 * source) starts on its first filterable attribute, or on every attribute when it has none.
 */
export function startingAttributes(type: ChartType, attributes: readonly DatasetAttribute[]): string[] {
  const names = new Set(attributes.map((attribute) => attribute.name));
  const starting = STARTING_ATTRIBUTES[type].filter((name) => names.has(name));
  if (starting.some((name) => attributes.some((attribute) => attribute.name === name && !attribute.isValue))) return starting;
  const first = attributes.find((attribute) => attribute.filterable);
  return first ? [first.name] : attributes.map((attribute) => attribute.name);
}

/** The grouping a new element of the type starts with, when the type takes one and the breakdown has the result. */
function startingGroup(type: ChartType, attributes: readonly DatasetAttribute[]): string | null {
  return takesGrouping(type) && attributes.some((attribute) => attribute.name === STARTING_GROUP) ? STARTING_GROUP : null;
}

/** A new element of a chart type over the default breakdown, with the attributes and grouping its type starts with. */
export function newElement(type: ChartType, size: ElementSize): ReportElement {
  const attributes = breakdownAttributes(DEFAULT_BREAKDOWN);
  return {
    id: newElementId(),
    title: '',
    size,
    // No plot attribute: a chart then counts its rows (steps or runs), what a new report is usually asked first.
    chart: { type, plotAttrs: [], group: startingGroup(type, attributes), timeUnit: DEFAULT_TIME_UNIT },
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
