import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake Jira received, as the tests read it back. */
export interface JiraRequest {
  method: string;
  /** Path and query, e.g. /rest/api/3/issue. */
  url: string;
  headers: IncomingMessage['headers'];
  json: unknown;
}

export interface ReceivedAttachment {
  issueKey: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
}

export interface CreatedIssue {
  id: string;
  key: string;
  apiVersion: string;
  fields: Record<string, unknown>;
}

export interface FakeJira {
  /** e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  email: string;
  token: string;
  requests: JiraRequest[];
  issues: CreatedIssue[];
  attachments: ReceivedAttachment[];
  close(): Promise<void>;
}

const PROJECT = {
  id: '10000',
  key: 'QA',
  name: 'Quality Assurance',
  issuetypes: [
    {
      id: '10004',
      name: 'Bug',
      fields: {
        summary: { name: 'Summary', required: true },
        priority: { name: 'Priority', required: false, allowedValues: [{ id: '1', name: 'Major' }, { id: '2', name: 'Minor' }] },
        customfield_10100: { name: 'Product', required: false, allowedValues: [{ id: '1', value: 'Studio' }, { id: '2', value: 'Control Room' }] },
        customfield_10101: { name: 'High Level Category', required: false, allowedValues: [{ id: '3', value: 'Functional' }, { id: '4', value: 'Performance' }] },
        customfield_10200: { name: 'Story Points', required: false },
      },
    },
    { id: '10002', name: 'Task', fields: { summary: { name: 'Summary', required: true } } },
  ],
};
const OTHER_PROJECT = { id: '10001', key: 'OPS', name: 'Operations', issuetypes: [{ id: '10002', name: 'Task', fields: {} }] };

const USERS = [
  { accountId: '5b10a2844c20165700ede21g', name: 'mia', displayName: 'Mia Krystof' },
  { accountId: '5b10ac8d82e05b22cc7d4ef5', name: 'emma', displayName: 'Emma Richards' },
];

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const isAdf = (value: unknown): boolean => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';

/** What Jira answers to a create whose fields do not fit the create screen (the checks the tests rely on). */
function fieldErrors(fields: Record<string, unknown>, version: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const project = fields.project as { key?: string } | undefined;
  if (project?.key !== PROJECT.key) errors.project = 'valid project is required';
  const issueType = fields.issuetype as { id?: string } | undefined;
  if (!PROJECT.issuetypes.some((type) => type.id === issueType?.id)) errors.issuetype = 'valid issue type is required';
  if (typeof fields.summary !== 'string' || fields.summary === '') errors.summary = 'You must specify a summary of the issue.';
  else if (fields.summary.length > 255) errors.summary = 'Summary must be less than 255 characters.';
  for (const name of ['description', 'environment']) {
    const value = fields[name];
    if (value === undefined) continue;
    if (version === '3' && !isAdf(value)) errors[name] = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
    if (version === '2' && typeof value !== 'string') errors[name] = 'Operation value must be a string';
  }
  return errors;
}

/**
 * A Jira on loopback speaking the REST shapes the issue tracker calls (v2 and v3): myself, createmeta, priority,
 * resolution, assignable users, create issue and add attachment. Basic auth with `email` and `token`; it records every
 * request, created issue and attachment.
 */
export async function startFakeJira(): Promise<FakeJira> {
  const email = 'bot@example.test';
  const token = 'jira-api-token-for-tests';
  const requests: JiraRequest[] = [];
  const issues: CreatedIssue[] = [];
  const attachments: ReceivedAttachment[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://jira');
    const raw = await bodyOf(request);
    const contentType = request.headers['content-type'] ?? '';
    const json: unknown = contentType.includes('application/json') && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    requests.push({ method: request.method ?? 'GET', url: `${url.pathname}${url.search}`, headers: request.headers, json });

    const expected = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'content-type': 'text/html' });
      response.end('<html><body>Unauthorized (*)</body></html>');
      return;
    }
    const match = /^\/rest\/api\/(2|3)(\/.*)$/.exec(url.pathname);
    if (!match) return send(response, 404, { errorMessages: ['Not found'] });
    const [, version = '3', path = ''] = match;
    const userOf = (user: (typeof USERS)[number]) => (version === '3' ? { accountId: user.accountId, displayName: user.displayName } : { name: user.name, key: user.name, displayName: user.displayName });

    if (request.method === 'GET' && path === '/myself') return send(response, 200, { ...userOf(USERS[0]!), emailAddress: email });
    if (request.method === 'GET' && path === '/issue/createmeta') return send(response, 200, { projects: [PROJECT, OTHER_PROJECT] });
    if (request.method === 'GET' && path === '/priority') return send(response, 200, ['Blocker', 'Major', 'Minor', 'Trivial'].map((name, index) => ({ id: String(index + 1), name })));
    if (request.method === 'GET' && path === '/resolution') return send(response, 200, ['Done', "Won't Do", 'Duplicate'].map((name, index) => ({ id: String(10_000 + index), name })));
    if (request.method === 'GET' && path === '/user/assignable/search') {
      return send(response, 200, url.searchParams.get('project') === PROJECT.key ? USERS.map(userOf) : []);
    }
    if (request.method === 'POST' && path === '/issue') {
      const fields = ((json as { fields?: Record<string, unknown> } | undefined)?.fields ?? {}) as Record<string, unknown>;
      const errors = fieldErrors(fields, version);
      if (Object.keys(errors).length > 0) return send(response, 400, { errorMessages: [], errors });
      const id = String(10_000 + issues.length + 1);
      const key = `${PROJECT.key}-${issues.length + 1}`;
      issues.push({ id, key, apiVersion: version, fields });
      return send(response, 201, { id, key, self: `http://jira/rest/api/${version}/issue/${id}` });
    }
    const attach = /^\/issue\/([^/]+)\/attachments$/.exec(path);
    if (request.method === 'POST' && attach) {
      if (request.headers['x-atlassian-token'] !== 'no-check') return send(response, 403, { errorMessages: ['XSRF check failed'] });
      const issueKey = decodeURIComponent(attach[1] ?? '');
      if (!issues.some((issue) => issue.key === issueKey)) return send(response, 404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'] });
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
      const added = [];
      for (const value of form.getAll('file')) {
        if (typeof value === 'string') continue;
        attachments.push({ issueKey, filename: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
        added.push({ id: String(attachments.length), filename: value.name, size: value.size, mimeType: value.type });
      }
      return send(response, 200, added);
    }
    send(response, 404, { errorMessages: [`No fake for ${request.method} ${path}`] });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { errorMessages: [String(error)] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    email,
    token,
    requests,
    issues,
    attachments,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
