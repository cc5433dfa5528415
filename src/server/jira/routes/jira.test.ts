import { readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeJira, type FakeJira } from '../../../../tests/support/jira-server';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  issueSavedResponseSchema,
  jiraConfigurationResponseSchema,
  jiraDataResponseSchema,
  jiraValidResponseSchema,
  JIRA_MESSAGES,
  scenariosResponseSchema,
  type JiraConfigurationInput,
} from '../../../shared/contracts/jira';
import type { RunDetails } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { ARTIFACTS_FOLDER } from '../../runs/artifacts';
import { browserCollection, saveCollection, startRunServers, trigger, waitForRun, type RunServers } from '../../testing/runFixtures';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('Jira issue filing against a Jira on loopback', { timeout: 60_000 }, () => {
  let servers: RunServers;
  let jira: FakeJira;
  let adminToken: string;
  let failedRun: RunDetails;

  const t = () => servers.t;

  async function configure(input: Partial<JiraConfigurationInput>, token = adminToken): Promise<Response> {
    return t().request(endpoints.jira.configuration, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baseUrl: jira.baseUrl, userEmail: jira.email, apiToken: jira.token, apiVersion: '3', ...input }),
    });
  }

  async function configured(input: Partial<JiraConfigurationInput>): Promise<void> {
    const response = await configure(input);
    expect(response.status, await response.clone().text()).toBe(200);
  }

  /** The Issue form for the run's failed step, as the client posts it. */
  function issueForm(overrides: Record<string, string> = {}, issueMap: string[] = []): URLSearchParams {
    const failedFlow = failedRun.testCaseDetails.find((flow) => flow.testCaseResult === 'FAILED');
    const form = new URLSearchParams({
      testStatusId: failedRun.statusId,
      testSuiteId: failedRun.collectionId,
      testCaseName: failedFlow?.testCaseName ?? '',
      testStepId: failedFlow?.failedTestStep ?? '',
      testLoop: '1',
      projectKey: 'QA',
      issue_type: '10004',
      priority_type: 'Minor',
      summary: 'The list lacks its third item',
      environment: 'Production',
      linked_issues: 'Discovered while testing',
      resolution: 'Unresolved',
      labels: 'regression, list',
      description: 'Seen in the nightly run.',
      assignee_name: '5b10ac8d82e05b22cc7d4ef5',
      attach_images: 'true',
      report_platform: 'Web',
      ...overrides,
    });
    for (const entry of issueMap) form.append('issueMap', entry);
    return form;
  }

  const save = (form: URLSearchParams, token = servers.token) =>
    t().request(endpoints.jira.genericSave, { method: 'POST', token, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });

  async function validity(token = servers.token) {
    const response = await t().request(endpoints.jira.valid, { token });
    expect(response.status).toBe(200);
    return jiraValidResponseSchema.parse(await response.json()).data;
  }

  beforeAll(async () => {
    jira = await startFakeJira();
    servers = await startRunServers(['STUDIO']);
    adminToken = await t().tokenFor(await t().createUser(['ORGANIZATIONS_MANAGEMENT']));
    const collection = browserCollection({
      flows: [
        {
          testCaseId: 'wrong-assertion',
          steps: [
            { stepId: 'w1', action: 'open', value: `${servers.pages.origin}/list` },
            { stepId: 'w2', action: 'assertText', target: 'li', value: 'Three', timeoutMs: 300 },
          ],
        },
      ],
    });
    const collectionId = await saveCollection(t(), servers.token, { ...collection, jiraIntegration: true, scenario: 'List scenario' });
    failedRun = await waitForRun(t(), servers.token, await trigger(t(), servers.token, collectionId));
    // A real Chromium run on a shared machine can outlast the default hook timeout.
  }, 60_000);

  afterAll(async () => {
    await servers.close();
    await jira.close();
  });

  it('has a real failed step with a screenshot to file', () => {
    expect(failedRun.testStatus).toBe('FAILED');
    expect(failedRun.testCaseDetails[0]?.failedTestStep).toBe('w2');
    expect(failedRun.testCaseDetails[0]?.failureImagesList.length).toBe(1);
  });

  it('says Jira is not configured until an administrator configures it', async () => {
    expect(await validity()).toEqual({ valid: false, message: JIRA_MESSAGES.notConfigured, displayName: null });
    const all = await t().request(endpoints.jira.genericAll, { token: servers.token });
    expect(all.status).toBe(409);
    expect(errorBodySchema.parse(await all.json()).message).toBe(JIRA_MESSAGES.notConfigured);
  });

  it('keeps the API token sealed: never answered, not in the database in clear, kept when an update leaves it out', async () => {
    const first = await configure({ apiToken: undefined });
    expect(first.status).toBe(400);
    expect(errorBodySchema.parse(await first.json()).fieldErrors).toEqual({ apiToken: ['required'] });

    const saved = await configure({});
    const text = await saved.text();
    expect(saved.status).toBe(200);
    expect(text).not.toContain(jira.token);
    expect(jiraConfigurationResponseSchema.parse(JSON.parse(text)).data).toMatchObject({ baseUrl: jira.baseUrl, userEmail: jira.email, apiVersion: '3', hasToken: true });

    const row = await t().server.services.db.selectFrom('jira_configurations').selectAll().executeTakeFirstOrThrow();
    expect(row.api_token_sealed).not.toContain(jira.token);
    expect(row.api_token_sealed).toMatch(/^v1\./);

    expect((await configure({ apiToken: undefined, apiVersion: '3' })).status).toBe(200);
    expect(await validity()).toEqual({ valid: true, message: '', displayName: 'Mia Krystof' });

    const read = await t().request(endpoints.jira.configuration, { token: adminToken });
    expect(await read.text()).not.toContain(jira.token);
  });

  it('lets only administrators configure, and refuses a bad base URL or e-mail with 400', async () => {
    expect((await configure({}, servers.token)).status).toBe(403);
    const bad = await configure({ baseUrl: 'ftp://jira.example', userEmail: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(Object.keys(errorBodySchema.parse(await bad.json()).fieldErrors ?? {})).toEqual(expect.arrayContaining(['baseUrl', 'userEmail']));
  });

  it('answers the Issue form data: Bug issue types only, assignable users, priorities, resolutions and the issueMap fields', async () => {
    await configured({});
    const response = await t().request(endpoints.jira.genericAll, { token: servers.token });
    expect(response.status).toBe(200);
    const data = jiraDataResponseSchema.parse(await response.json()).data;
    expect(data.projects).toEqual([
      {
        key: 'QA',
        name: 'Quality Assurance',
        issue_types: [{ id: '10004', name: 'Bug' }],
        users: [
          { id: '5b10a2844c20165700ede21g', name: 'Mia Krystof' },
          { id: '5b10ac8d82e05b22cc7d4ef5', name: 'Emma Richards' },
        ],
      },
      { key: 'OPS', name: 'Operations', issue_types: [], users: [] },
    ]);
    expect(data.metaData).toEqual({
      PROJECTS: [
        { key: 'QA', name: 'Quality Assurance' },
        { key: 'OPS', name: 'Operations' },
      ],
      PRIORITY_TYPES: ['Blocker', 'Major', 'Minor', 'Trivial'],
      RESOLUTION: ['Done', "Won't Do", 'Duplicate'],
    });
    expect(data.customFieldMap).toEqual({ Product: 'customfield_10100', 'High Level Category': 'customfield_10101' });
    expect(data.filterData).toContainEqual({ id: 'customfield_10100', name: 'Product', values: ['Studio', 'Control Room'] });
    const calls = jira.requests.map((request) => request.url);
    expect(calls).toContain('/rest/api/3/issue/createmeta?expand=projects.issuetypes.fields');
  });

  it('files the failed step through API v3: ADF description, the form fields, the issueMap pairs and the failure PNG', async () => {
    await configured({ apiVersion: '3' });
    const response = await save(issueForm({}, [JSON.stringify({ id: 'customfield_10100', value: 'Studio' }), JSON.stringify({ id: 'customfield_10101', value: 'Functional' })]));
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = issueSavedResponseSchema.parse(await response.json());
    const issue = jira.issues.find((created) => created.key === saved.data.key);
    expect(saved.message).toBe(JIRA_MESSAGES.savedWithId(saved.data.key));
    expect(issue?.apiVersion).toBe('3');
    expect(issue?.fields).toMatchObject({
      project: { key: 'QA' },
      issuetype: { id: '10004' },
      summary: 'The list lacks its third item',
      priority: { name: 'Minor' },
      labels: ['regression', 'list'],
      assignee: { accountId: '5b10ac8d82e05b22cc7d4ef5' },
      customfield_10100: { value: 'Studio' },
      customfield_10101: { value: 'Functional' },
      environment: { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Production' }] }] },
    });
    expect(issue?.fields).not.toHaveProperty('resolution');
    const description = JSON.stringify(issue?.fields.description);
    expect(description).toContain('"type":"doc"');
    for (const part of ['Seen in the nightly run.', 'Discovered while testing:', `Run: ${failedRun.statusId}`, 'Step: w2', 'Scenario: List scenario', 'Platform: Web']) {
      expect(description).toContain(part);
    }

    const image = failedRun.testCaseDetails[0]?.failureImagesList[0];
    const onDisk = await readFile(join(t().dataDir, ARTIFACTS_FOLDER, image?.path ?? 'missing'));
    const attached = jira.attachments.filter((attachment) => attachment.issueKey === saved.data.key);
    expect(attached.map((attachment) => [attachment.filename, attachment.type])).toEqual([[image?.name, 'image/png']]);
    expect([...(attached[0]?.bytes.slice(0, 8) ?? [])]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(attached[0]?.bytes ?? []).equals(onDisk)).toBe(true);
    expect(saved.data.attachments).toEqual([image?.name]);
    const attachCall = jira.requests.find((request) => request.url === `/rest/api/3/issue/${saved.data.key}/attachments`);
    expect(attachCall?.headers['x-atlassian-token']).toBe('no-check');
  });

  it('files through API v2 with plain text, a user name and a resolution; attach_images false attaches nothing', async () => {
    await configured({ apiVersion: '2' });
    const response = await save(issueForm({ attach_images: 'false', assignee_name: 'emma', resolution: 'Done' }));
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = issueSavedResponseSchema.parse(await response.json()).data;
    const issue = jira.issues.find((created) => created.key === saved.key);
    expect(issue?.apiVersion).toBe('2');
    expect(issue?.fields).toMatchObject({ environment: 'Production', assignee: { name: 'emma' }, resolution: { name: 'Done' } });
    expect(issue?.fields.description).toEqual(expect.stringContaining('Discovered while testing:\nCollection: '));
    expect(jira.attachments.filter((attachment) => attachment.issueKey === saved.key)).toEqual([]);
    expect(saved.attachments).toEqual([]);
  });

  it('refuses bad forms with 400 naming the fields: a summary over 255, no project, a bad issueMap entry', async () => {
    const before = jira.issues.length;
    const long = await save(issueForm({ summary: 'x'.repeat(256), projectKey: '' }));
    expect(long.status).toBe(400);
    expect(Object.keys(errorBodySchema.parse(await long.json()).fieldErrors ?? {})).toEqual(expect.arrayContaining(['summary', 'projectKey']));
    const badMap = await save(issueForm({}, ['Product=Studio']));
    expect(badMap.status).toBe(400);
    expect(errorBodySchema.parse(await badMap.json()).fieldErrors).toEqual({ issueMap: ['Pattern'] });
    expect(jira.issues.length).toBe(before);
  });

  it('answers 404 for a step that did not fail and for a run of no one', async () => {
    const passed = await save(issueForm({ testStepId: 'w1' }));
    expect(passed.status).toBe(404);
    expect(errorBodySchema.parse(await passed.json()).message).toContain('no failed step w1');
    expect((await save(issueForm({ testStatusId: 'no-such-run' }))).status).toBe(404);
  });

  it("passes Jira's own refusal on as 502 with its field messages", async () => {
    await configured({ apiVersion: '3' });
    const response = await save(issueForm({ projectKey: 'NOPE' }));
    expect(response.status).toBe(502);
    expect(errorBodySchema.parse(await response.json()).message).toBe('Jira answered HTTP 400: project: valid project is required');
  });

  it('gives clear messages, never a 500, for a wrong token, a closed port and a Jira that never answers (within 10 s)', async () => {
    await configured({ apiToken: 'wrong-token' });
    expect((await validity()).message).toBe('Jira refused the credentials (HTTP 401): check the user e-mail and API token.');
    const refused = await save(issueForm());
    expect(refused.status).toBe(502);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await configured({ baseUrl: `http://127.0.0.1:${closedPort}` });
    const down = await validity();
    expect(down).toMatchObject({ valid: false, message: `Jira at 127.0.0.1:${closedPort} refused the connection: check the base URL and its port.` });
    const all = await t().request(endpoints.jira.genericAll, { token: servers.token });
    expect(all.status).toBe(502);

    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      await configured({ baseUrl: `http://127.0.0.1:${silentPort}` });
      const started = Date.now();
      const hung = await save(issueForm());
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(hung.status).toBe(502);
      expect(errorBodySchema.parse(await hung.json()).message).toBe(`Jira at 127.0.0.1:${silentPort} did not answer within 8 s.`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("lists the organization's scenarios, and keeps the calls to Studio or Operations Centre users", async () => {
    const response = await t().request(endpoints.jira.scenarios, { token: servers.token });
    expect(scenariosResponseSchema.parse(await response.json()).data).toContain('List scenario');
    const outsider = await t().tokenFor(await t().createUser(['EMAIL_SETUP']));
    for (const path of [endpoints.jira.valid, endpoints.jira.genericAll, endpoints.jira.scenarios]) {
      expect((await t().request(path, { token: outsider })).status).toBe(403);
    }
    expect((await save(issueForm(), outsider)).status).toBe(403);
  });
});
