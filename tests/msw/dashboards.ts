import { http, HttpResponse } from 'msw';
import {
  ANALYTICS_DATA_ATTRIBUTES,
  CAPTURED_DATA_ATTRIBUTES,
  DASHBOARD_MESSAGES,
  datasetOfRows,
  datasetQuerySchema,
  MAX_DATASET_RANGE_MS,
  REPORT_FORM_FIELDS,
  reportDraftSchema,
  reportSchema,
  type DataBreakdown,
  type DatasetRow,
  type Report,
  type ReportDraft,
  type ReportElement,
} from '../../src/shared/contracts/dashboards';
import type { TestSuiteFeedItem } from '../../src/shared/contracts/collections';
import { BOT_ANALYTICS_BASE, DATASETS_FEED_BASE, endpoints, TEST_SUITES_FEED_BASE } from '../../src/shared/endpoints';
import type { Permission } from '../../src/shared/permissions';
import { nextId } from './factories';
import { anyOrigin, authorizeFeatures, errorResponse } from './handlers';

export function makeReportElement(overrides: Partial<ReportElement> = {}): ReportElement {
  return {
    id: nextId('element'),
    title: 'Runs by result',
    size: 1,
    chart: { type: 'table', plotAttrs: [], group: null, timeUnit: 'Seconds' },
    dataBreakdown: 'analyticsData',
    dataBreakdownConfig: { config: {}, activeAttrs: ['collection', 'result'] },
    ...overrides,
  };
}

export function makeReport(overrides: Partial<Report> = {}): Report {
  return reportSchema.parse({
    id: nextId('report'),
    title: 'Weekly results',
    settings: { timeFrame: { type: 'previous_7_days', name: 'Last 7 Days', fromDate: '2026-01-01', toDate: '2026-01-08' }, testPlans: [] },
    elements: [],
    createdBy: 'user-1',
    dateCreated: '2026-01-08T09:00:00.000Z',
    dateUpdated: '2026-01-08T09:00:00.000Z',
    ...overrides,
  });
}

/** A dataset request as the fake received it. */
export interface DatasetRequest {
  breakdown: DataBreakdown;
  orgId: string;
  /** Collection ids asked for; empty for all. */
  collectionIds: string[];
  startDate: number;
  endDate: number;
}

export interface DashboardsBackendOptions {
  reports?: Report[];
  /** Rows of each feed; a row's `collectionId` (kept out of the answer) lets the fake filter by collection. */
  capturedRows?: (DatasetRow & { collectionId?: string })[];
  analyticsRows?: (DatasetRow & { collectionId?: string })[];
  listFails?: boolean;
  /** The collections the test-suites feed lists (the report editor's test plans). */
  testPlans?: TestSuiteFeedItem[];
}

const VIEW_FEATURES: readonly Permission[] = ['DASHBOARD_MANAGEMENT', 'DASHBOARD_PUBLISHED'];
const MANAGE_FEATURES: readonly Permission[] = ['DASHBOARD_MANAGEMENT'];

/**
 * The caller, as the server checks it: a valid token (401 otherwise) of a user holding one of `features` (403
 * otherwise). Answers either the caller's organization or the error response.
 */
function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  return errors;
}

/** A report form (§7: title, settings and elements as JSON text) read as a draft, or a 400 with field errors. */
async function readDraft(request: Request): Promise<{ id: string; draft: ReportDraft } | Response> {
  const form = await request.formData();
  const json = (field: string): unknown => {
    try {
      return JSON.parse(String(form.get(field) ?? ''));
    } catch {
      return undefined;
    }
  };
  const parsed = reportDraftSchema.safeParse({
    title: form.get(REPORT_FORM_FIELDS.title),
    settings: json(REPORT_FORM_FIELDS.settings),
    elements: json(REPORT_FORM_FIELDS.elements),
  });
  if (!parsed.success) return errorResponse(400, 'Invalid report', fieldErrorsOf(parsed.error.issues));
  return { id: String(form.get(REPORT_FORM_FIELDS.id) ?? ''), draft: parsed.data };
}

/**
 * The fake report calls and dataset feeds of part 3 §7, in memory, keeping what they were sent. Reports live in the
 * signed-in user's organization; the feeds answer the rows given, filtered by collection id.
 */
export function dashboardsBackend({ reports = [], capturedRows = [], analyticsRows = [], listFails = false, testPlans = [] }: DashboardsBackendOptions = {}) {
  const state = {
    reports: [...reports],
    listRequests: 0,
    datasetRequests: [] as DatasetRequest[],
    added: [] as ReportDraft[],
    updated: [] as { id: string; draft: ReportDraft }[],
    removed: [] as string[],
  };

  function feed(breakdown: DataBreakdown, request: Request, orgId: string, collectionIds: string[]) {
    const caller = authorizeFeatures(request, VIEW_FEATURES);
    if (caller instanceof Response) return caller;
    if (orgId !== caller.orgId) return errorResponse(403, 'You do not have permission to do this.');
    const query = datasetQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return errorResponse(400, 'Invalid time range', fieldErrorsOf(query.error.issues));
    if (query.data.endDate - query.data.startDate > MAX_DATASET_RANGE_MS) return errorResponse(400, 'The time range is too wide');
    state.datasetRequests.push({ breakdown, orgId, collectionIds, ...query.data });
    const rows = breakdown === 'capturedData' ? capturedRows : analyticsRows;
    const kept = rows
      .filter((row) => collectionIds.length === 0 || collectionIds.includes(String(row.collectionId)))
      .filter((row) => typeof row.time !== 'number' || (row.time >= query.data.startDate && row.time <= query.data.endDate));
    // Columnar, as the server answers; a row's collectionId is no attribute, so it stays out.
    return HttpResponse.json({ success: true, data: datasetOfRows(breakdown === 'capturedData' ? CAPTURED_DATA_ATTRIBUTES : ANALYTICS_DATA_ATTRIBUTES, kept) });
  }

  const handlers = [
    http.get(anyOrigin(endpoints.dashboards.list), ({ request }) => {
      const caller = authorizeFeatures(request, VIEW_FEATURES);
      if (caller instanceof Response) return caller;
      state.listRequests += 1;
      // A 4xx, which the query client does not retry, so the failure shows at once.
      if (listFails) return errorResponse(404, 'No such service');
      const newestFirst = [...state.reports].sort((a, b) => b.dateUpdated.localeCompare(a.dateUpdated));
      return HttpResponse.json({ success: true, data: newestFirst });
    }),
    http.post(anyOrigin(endpoints.dashboards.add), async ({ request }) => {
      const caller = authorizeFeatures(request, MANAGE_FEATURES);
      if (caller instanceof Response) return caller;
      const read = await readDraft(request);
      if (read instanceof Response) return read;
      state.added.push(read.draft);
      const now = new Date().toISOString();
      const report = makeReport({ ...read.draft, createdBy: caller.userId, dateCreated: now, dateUpdated: now });
      state.reports.push(report);
      return HttpResponse.json({ success: true, data: { id: report.id } });
    }),
    http.post(anyOrigin(endpoints.dashboards.update), async ({ request }) => {
      const caller = authorizeFeatures(request, MANAGE_FEATURES);
      if (caller instanceof Response) return caller;
      const read = await readDraft(request);
      if (read instanceof Response) return read;
      const existing = state.reports.find((report) => report.id === read.id);
      if (!existing) return errorResponse(404, DASHBOARD_MESSAGES.reportNotFound);
      state.updated.push(read);
      const saved = { ...existing, ...read.draft, dateUpdated: new Date().toISOString() };
      state.reports = state.reports.map((report) => (report.id === read.id ? saved : report));
      return HttpResponse.json({ success: true, data: { id: read.id } });
    }),
    http.post(anyOrigin(endpoints.dashboards.remove), async ({ request }) => {
      const caller = authorizeFeatures(request, MANAGE_FEATURES);
      if (caller instanceof Response) return caller;
      const id = String((await request.formData()).get(REPORT_FORM_FIELDS.id) ?? '');
      if (!state.reports.some((report) => report.id === id)) return errorResponse(404, DASHBOARD_MESSAGES.reportNotFound);
      state.removed.push(id);
      state.reports = state.reports.filter((report) => report.id !== id);
      return HttpResponse.json({ success: true, message: DASHBOARD_MESSAGES.reportRemoved });
    }),
    // Path patterns written out: the endpoint builders encode ':' and msw would then match no request.
    http.get(anyOrigin(`${DATASETS_FEED_BASE}/:orgId/testSuite/:ids`), ({ request, params }) => {
      const ids = String(params.ids);
      return feed('capturedData', request, String(params.orgId), ids === 'all' ? [] : ids.split(','));
    }),
    http.get(anyOrigin(`${BOT_ANALYTICS_BASE}/:orgId`), ({ request, params }) => {
      const ids = new URL(request.url).searchParams.get('testChainId') ?? '';
      return feed('analyticsData', request, String(params.orgId), ids === '' ? [] : ids.split(','));
    }),
    http.get(anyOrigin(`${TEST_SUITES_FEED_BASE}/:orgId`), ({ request, params }) => {
      const caller = authorizeFeatures(request, VIEW_FEATURES);
      if (caller instanceof Response) return caller;
      if (String(params.orgId) !== caller.orgId) return errorResponse(403, 'You do not have permission to do this.');
      return HttpResponse.json({ success: true, data: testPlans });
    }),
  ];

  return { state, handlers };
}

/** The default handlers: no saved reports, empty feeds (the signed-in shell asks for the list for My Dashboards). */
export const dashboardsHandlers = dashboardsBackend().handlers;
