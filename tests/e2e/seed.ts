/**
 * Data for the screens to show, made through the platform's HTTP API as a script of a user would (PlatformApi.call):
 * every answer is parsed with the shared contract, so a drifting shape fails loudly.
 */
import type { z } from 'zod';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from '../../src/shared/demo-collections';
import { endpoints } from '../../src/shared/endpoints';
import { projectCreatedResponseSchema, projectWriteResponseSchema } from '../../src/shared/contracts/custom-dashboard';
import {
  CUSTOM_DASHBOARD_TITLE,
  LEADERSHIP_DASHBOARD_TITLE,
  REPORT_FORM_FIELDS,
  reportSavedResponseSchema,
  type ReportElement,
} from '../../src/shared/contracts/dashboards';
import { emailConfigResponseSchema } from '../../src/shared/contracts/email';
import { gatewayAgentCreatedSchema } from '../../src/shared/contracts/gateway-agents';
import { groupSavedResponseSchema } from '../../src/shared/contracts/groups';
import { imageFilterSavedResponseSchema } from '../../src/shared/contracts/image-filters';
import { interactiveBotWithSecretResponseSchema } from '../../src/shared/contracts/interactive-bots';
import { licenseResponseSchema, organizationSavedResponseSchema } from '../../src/shared/contracts/organizations';
import { scheduleResponseSchema } from '../../src/shared/contracts/schedules';
import { createUserResponseSchema } from '../../src/shared/contracts/users';
import { variableResponseSchema } from '../../src/shared/contracts/variables';
import { makeTimeFrame } from '../../src/lib/time-frame';
import { dailySchedule } from '../../src/server/testing/runFixtures';
import type { MailAccount } from '../support/mail-servers';
import { browserCollection, type PlatformApi } from './api';

export const SEEDED = {
  schedule: 'Nightly sign-in check',
  variable: 'baseUrl',
  imageFilter: 'Android 14',
  report: 'Release health',
  project: 'Release 7',
  organization: 'Field Lab',
  user: { firstName: 'Tess', lastName: 'Tester', email: 'tess@example.com' },
  group: 'QA',
  bot: 'Sign-in bot',
  gatewayAgent: 'Lab laptop',
  /** A collection whose report has an image and an attachment, whatever the machine's speed. */
  evidenceCollection: 'Blank page evidence',
} as const;

export interface Seeded {
  /** statusIds of the finished runs: the demo collections that pass and that fail, and the evidence collection. */
  runs: { passed: string; failed: string; evidence: string };
  scheduleId: string;
  reportId: string;
  customDashboardId: string;
  leadershipDashboardId: string;
  organizationId: string;
  groupId: string;
}

async function send<S extends z.ZodType>(api: PlatformApi, path: string, schema: S, method: string, body: unknown): Promise<z.infer<S>> {
  const init = body instanceof URLSearchParams ? { method, body } : { method, body: JSON.stringify(body) };
  return schema.parse(await (await api.call(path, init)).json());
}

/** A report of the three kinds of element a tester adds first: a table, a bar chart and a pie chart of the runs. */
function reportForm(title: string, elements: readonly ReportElement[]): URLSearchParams {
  return new URLSearchParams({
    [REPORT_FORM_FIELDS.title]: title,
    [REPORT_FORM_FIELDS.settings]: JSON.stringify({ timeFrame: makeTimeFrame('previous_7_days'), testPlans: [] }),
    [REPORT_FORM_FIELDS.elements]: JSON.stringify(elements),
  });
}

const ELEMENTS: readonly ReportElement[] = [
  { id: 'runs-table', title: 'Runs', size: 1, chart: { type: 'table', plotAttrs: [], group: null, timeUnit: 'Seconds' }, dataBreakdown: 'analyticsData', dataBreakdownConfig: { config: {}, activeAttrs: [] } },
  { id: 'steps-bar', title: 'Steps by result', size: 0.5, chart: { type: 'barGraph', plotAttrs: [], group: 'result', timeUnit: 'Seconds' }, dataBreakdown: 'capturedData', dataBreakdownConfig: { config: {}, activeAttrs: [] } },
  { id: 'runs-pie', title: 'Runs by result', size: 0.5, chart: { type: 'pieGraph', plotAttrs: [], group: null, timeUnit: 'Seconds' }, dataBreakdown: 'analyticsData', dataBreakdownConfig: { config: {}, activeAttrs: ['result'] } },
];

/** Runs launch Chromium on a machine that may be loaded. */
const RUN_TIMEOUT_MS = 120_000;

/**
 * Starts the runs (they take a while): the two demo collections, and one that screenshots a blank page and keeps an
 * HTTP answer, so its report has an image and an attachment. Answers a function that waits for the three to finish.
 */
export async function startRuns(api: PlatformApi, baseUrl: string): Promise<() => Promise<Seeded['runs']>> {
  const evidenceCollection = await api.saveCollection(
    browserCollection(SEEDED.evidenceCollection, [
      {
        testCaseId: 'evidence',
        steps: [
          { stepId: 'blank-page', action: 'screenshot', timeoutMs: RUN_TIMEOUT_MS },
          { stepId: 'health', action: 'httpRequest', target: `GET ${baseUrl}${endpoints.health.check}`, timeoutMs: RUN_TIMEOUT_MS },
        ],
      },
    ]),
  );
  const passed = await api.trigger(await api.collectionIdByName(DEMO_PASSING_COLLECTION));
  const failed = await api.trigger(await api.collectionIdByName(DEMO_FAILING_COLLECTION));
  const evidence = await api.trigger(evidenceCollection);
  return async () => {
    for (const statusId of [passed, failed, evidence]) await api.waitForRun(statusId, undefined, RUN_TIMEOUT_MS);
    return { passed, failed, evidence };
  };
}

/** Where the seeded email configuration sends: saving one logs in to its server first. */
export interface MailServer {
  host: string;
  port: number;
  account: MailAccount;
}

/** One of everything the screens list, besides runs: schedule, variable, filters, mail, reports, organization... */
export async function seedEverything(api: PlatformApi, mail: MailServer): Promise<Omit<Seeded, 'runs'>> {
  const passingId = await api.collectionIdByName(DEMO_PASSING_COLLECTION);
  const schedule = await send(api, endpoints.schedules.save, scheduleResponseSchema, 'POST', dailySchedule([passingId], { name: SEEDED.schedule }));
  await send(api, endpoints.variables.create, variableResponseSchema, 'POST', { variableName: SEEDED.variable, value: ['http://127.0.0.1/demo-app/'] });
  await send(api, `${endpoints.imageFilters.save}?${new URLSearchParams({ type: 'platform', name: SEEDED.imageFilter })}`, imageFilterSavedResponseSchema, 'POST', undefined);
  await send(api, endpoints.email.configs, emailConfigResponseSchema, 'POST', {
    fromEmail: mail.account.user,
    password: mail.account.password,
    emailType: 'SMTP',
    emailHost: mail.host,
    emailPort: mail.port,
    enableSsl: false,
    enableTls: false,
  });
  await send(api, endpoints.interactiveBots.config, interactiveBotWithSecretResponseSchema, 'POST', {
    interactive_trigger_name: SEEDED.bot,
    trigger_intent: 'sign in',
    teststatus_id: passingId,
    status: 'ACTIVE',
  });
  await send(api, endpoints.gatewayAgents.create, gatewayAgentCreatedSchema, 'POST', { name: SEEDED.gatewayAgent });

  const reportId = (await send(api, endpoints.dashboards.add, reportSavedResponseSchema, 'POST', reportForm(SEEDED.report, ELEMENTS))).data.id;
  const customDashboardId = (await send(api, endpoints.dashboards.add, reportSavedResponseSchema, 'POST', reportForm(CUSTOM_DASHBOARD_TITLE, []))).data.id;
  const leadershipDashboardId = (await send(api, endpoints.dashboards.add, reportSavedResponseSchema, 'POST', reportForm(LEADERSHIP_DASHBOARD_TITLE, []))).data.id;
  const project = (await send(api, endpoints.customDashboard.createProject, projectCreatedResponseSchema, 'POST', { projectName: SEEDED.project })).data;
  await send(api, endpoints.customDashboard.updateProject, projectWriteResponseSchema, 'PUT', {
    projectId: project.projectId,
    projectGoal: 90,
    collectionsData: [{ collectionId: passingId, collectionName: DEMO_PASSING_COLLECTION }],
    schedulesData: [{ scheduleId: schedule.data.id }],
    projectDateTags: [],
  });

  const license = await send(api, endpoints.licenses.create, licenseResponseSchema, 'POST', {
    licenseName: `${SEEDED.organization} licence`,
    product: 'RTA',
    trial: false,
    users: 5,
    durationDays: 365,
    parallels: 2,
    credit: null,
  });
  const organization = await send(api, endpoints.organizations.create, organizationSavedResponseSchema, 'POST', { name: SEEDED.organization, licenseId: license.data.licenseId });
  const user = await send(api, endpoints.users.list, createUserResponseSchema, 'POST', {
    firstName: SEEDED.user.firstName,
    lastName: SEEDED.user.lastName,
    emailAddress: SEEDED.user.email,
    password: 'first-password-8841',
    features: ['STUDIO'],
    orgId: organization.data.id,
  });
  const group = await send(api, endpoints.groups.create, groupSavedResponseSchema, 'POST', {
    name: SEEDED.group,
    description: 'Testers of the sign-in flow',
    members: [user.data.id],
    orgId: organization.data.id,
  });
  return { scheduleId: schedule.data.id, reportId, customDashboardId, leadershipDashboardId, organizationId: organization.data.id, groupId: group.data.id };
}
