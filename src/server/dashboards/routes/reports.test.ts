import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_MESSAGES,
  reportDeletedResponseSchema,
  reportListResponseSchema,
  reportSavedResponseSchema,
  type ReportDraft,
  type ReportSettings,
} from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';

const barElement = {
  id: 'element-1',
  title: 'Steps per result',
  size: 0.5,
  chart: { type: 'barGraph', plotAttrs: ['count'], group: 'result', timeUnit: 'Seconds' },
  dataBreakdown: 'capturedData',
  dataBreakdownConfig: { config: { result: ['FAILED'] }, activeAttrs: ['result', 'count'] },
};
const settings: ReportSettings = { timeFrame: { type: 'previous_7_days', name: 'Last 7 Days', fromDate: '2026-03-01', toDate: '2026-03-08' }, testPlans: [] };

type FormFields = Record<string, string>;
const formOf = (fields: { title?: string; settings?: unknown; elements?: unknown; id?: string }): FormFields =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) => (value === undefined ? [] : [[key, typeof value === 'string' ? value : JSON.stringify(value)]])),
  );

describe('dashboard reports: getDashboardConfig, addDashboardConfig, updateDashboardConfig, deleteDashboardConfig', () => {
  let t: TestServer;
  let manager: string;
  let viewer: string;
  let studioOnly: string;
  let other: { orgId: string; token: string };

  beforeAll(async () => {
    t = await startTestServer();
    manager = await t.tokenFor(await t.createUser(['DASHBOARD_MANAGEMENT']));
    viewer = await t.tokenFor(await t.createUser(['DASHBOARD_PUBLISHED']));
    studioOnly = await t.tokenFor(await t.createUser(['STUDIO', 'OPERATIONS_CENTER']));
    other = await anotherOrganization(t, ['DASHBOARD_MANAGEMENT']);
  });
  afterAll(async () => t.close());

  /** URL-encoded by default; multipart (FormData) when asked, as a browser's FormData sends it. */
  const post = (path: string, fields: FormFields, token = manager, multipart = false) => {
    if (multipart) {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      return t.request(path, { method: 'POST', token, body });
    }
    return t.request(path, { method: 'POST', token, body: new URLSearchParams(fields) });
  };
  const list = async (token = manager) => {
    const response = await t.request(endpoints.dashboards.list, { token });
    expect(response.status).toBe(200);
    return reportListResponseSchema.parse(await response.json()).data;
  };
  const add = async (title: string, token = manager, multipart = false) => {
    const response = await post(endpoints.dashboards.add, formOf({ title, settings, elements: [barElement] }), token, multipart);
    expect(response.status, await response.clone().text()).toBe(200);
    return reportSavedResponseSchema.parse(await response.json()).data.id;
  };
  const refused = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json());
  };

  it('saves a report from a URL-encoded or multipart form and lists it with its defaults applied, newest update first', async () => {
    const first = await add('  Weekly failures  ');
    const second = await add('Multipart report', manager, true);
    const reports = await list();
    expect(reports.map((report) => report.id)).toEqual([second, first]);
    const saved = reports.find((report) => report.id === first);
    expect(saved).toMatchObject({ title: 'Weekly failures', settings, elements: [barElement] });
    expect(saved?.createdBy).toMatch(/@example\.test$/);
    expect(Date.parse(saved?.dateCreated ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // A minimal element takes the contract's defaults (table, size 1, seconds).
    const minimal = { id: 'e', chart: {}, dataBreakdown: 'analyticsData', dataBreakdownConfig: {} };
    const response = await post(endpoints.dashboards.add, formOf({ title: 'Defaults', settings: { timeFrame: settings.timeFrame }, elements: [minimal] }));
    const id = reportSavedResponseSchema.parse(await response.json()).data.id;
    const defaults = (await list()).find((report) => report.id === id);
    expect(defaults?.settings.testPlans).toEqual([]);
    expect(defaults?.elements[0]).toEqual({
      id: 'e',
      title: '',
      size: 1,
      chart: { type: 'table', plotAttrs: [], group: null, timeUnit: 'Seconds' },
      dataBreakdown: 'analyticsData',
      dataBreakdownConfig: { config: {}, activeAttrs: [] },
    });
    // The viewer reads the same list.
    expect((await list(viewer)).map((report) => report.id)).toContain(first);
  });

  it('updates a report (it moves to the top) and removes it', async () => {
    const id = await add('To change');
    await add('Newer');
    const changed: ReportDraft = {
      title: 'Changed',
      settings: { ...settings, testPlans: ['collection-a'] },
      elements: [{ ...barElement, size: 1 } as ReportDraft['elements'][number]],
    };
    const updated = await post(endpoints.dashboards.update, formOf({ id, ...changed }));
    expect(reportSavedResponseSchema.parse(await updated.json()).data.id).toBe(id);
    const [top] = await list();
    expect(top).toMatchObject({ id, ...changed });

    const removed = await post(endpoints.dashboards.remove, { id });
    expect(reportDeletedResponseSchema.parse(await removed.json()).message).toBe(DASHBOARD_MESSAGES.reportRemoved);
    expect((await list()).map((report) => report.id)).not.toContain(id);
    expect((await refused(await post(endpoints.dashboards.remove, { id }), 404)).message).toBe(DASHBOARD_MESSAGES.reportNotFound);
    const gone = await post(endpoints.dashboards.update, formOf({ id, ...changed }));
    expect((await refused(gone, 404)).message).toBe(DASHBOARD_MESSAGES.reportNotFound);
  });

  it("keeps each organization's reports to itself", async () => {
    const mine = await add('Mine');
    const theirs = await add('Theirs', other.token);
    expect((await list(other.token)).map((report) => report.id)).toEqual([theirs]);
    expect((await list()).map((report) => report.id)).not.toContain(theirs);

    const overwrite = await post(endpoints.dashboards.update, formOf({ id: mine, title: 'Taken', settings, elements: [] }), other.token);
    expect((await refused(overwrite, 404)).message).toBe(DASHBOARD_MESSAGES.reportNotFound);
    await refused(await post(endpoints.dashboards.remove, { id: mine }, other.token), 404);
    expect((await list()).find((report) => report.id === mine)?.title).toBe('Mine');
  });

  it('answers 403 without the dashboard permissions, and to a viewer that writes', async () => {
    const form = formOf({ title: 'No', settings, elements: [] });
    await refused(await t.request(endpoints.dashboards.list, { token: studioOnly }), 403);
    for (const path of [endpoints.dashboards.add, endpoints.dashboards.update, endpoints.dashboards.remove]) {
      await refused(await post(path, form, viewer), 403);
      await refused(await post(path, form, studioOnly), 403);
    }
  });

  it('refuses bad forms with 400 and field errors, saving nothing', async () => {
    const before = (await list()).length;
    const cases: [FormFields, string, RegExp][] = [
      [formOf({ title: 'Bad JSON', settings: '{"timeFrame":', elements: [] }), 'settings', /^Not valid JSON\.$/],
      [formOf({ title: 'Bad elements', settings, elements: 'not json' }), 'elements', /^Not valid JSON\.$/],
      [
        formOf({ title: 'Pie', settings, elements: [{ ...barElement, chart: { type: 'pieGraph', plotAttrs: ['count', 'duration'] } }] }),
        'elements.0.chart.plotAttrs',
        /one attribute/,
      ],
      [formOf({ title: 'Size', settings, elements: [{ ...barElement, size: 0.3 }] }), 'elements.0.size', /./],
      [formOf({ title: '   ', settings, elements: [] }), 'title', /Please give the report a title/],
      [formOf({ settings, elements: [] }), 'title', /./],
      [formOf({ title: 'Frame', settings: { timeFrame: { ...settings.timeFrame, fromDate: '01/03/2026' } }, elements: [] }), 'settings.timeFrame.fromDate', /YYYY-MM-DD/],
      [formOf({ title: 'No settings', elements: [] }), 'settings', /./],
    ];
    for (const [form, field, message] of cases) {
      const body = await refused(await post(endpoints.dashboards.add, form), 400);
      expect(body.fieldErrors?.[field]?.join(' '), `${field} in ${JSON.stringify(body)}`).toMatch(message);
    }
    const update = await refused(await post(endpoints.dashboards.update, formOf({ title: 'No id', settings, elements: [] })), 400);
    expect(Object.keys(update.fieldErrors ?? {})).toEqual(['id']);
    const tooMany = formOf({ title: 'Many', settings, elements: Array.from({ length: 25 }, (_, index) => ({ ...barElement, id: `e${index}` })) });
    expect(Object.keys((await refused(await post(endpoints.dashboards.add, tooMany), 400)).fieldErrors ?? {})).toEqual(['elements']);
    expect(await list()).toHaveLength(before);
  });
});
