import { z } from 'zod';
import { ApiError } from '../http/apiError';
import { outboundHttp, type OutboundHttpResponse } from '../outbound/http';
import type { OutboundPolicy } from '../outbound/policy';
import type { JiraConnection } from './repository';

/** Every call to Jira gives up after this, so an answer (or a clear message) reaches the user within 10 s. */
export const JIRA_TIMEOUT_MS = 8_000;

/** Jira's error body: messages, and messages by field. */
const jiraErrorSchema = z.object({
  errorMessages: z.array(z.string()).optional(),
  errors: z.record(z.string(), z.string()).optional(),
  message: z.string().optional(),
});

const userSchema = z.object({ accountId: z.string().optional(), name: z.string().optional(), key: z.string().optional(), displayName: z.string().optional() });
export type JiraUser = z.infer<typeof userSchema>;

const fieldMetaSchema = z.object({
  name: z.string(),
  allowedValues: z.array(z.object({ id: z.string().optional(), name: z.string().optional(), value: z.string().optional() })).optional(),
});
const createMetaSchema = z.object({
  projects: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      issuetypes: z.array(z.object({ id: z.string(), name: z.string(), fields: z.record(z.string(), fieldMetaSchema).optional() })),
    }),
  ),
});
export type JiraCreateMeta = z.infer<typeof createMetaSchema>;

const namedListSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const createdIssueSchema = z.object({ id: z.string(), key: z.string() });
const attachmentsSchema = z.array(z.object({ id: z.string(), filename: z.string() }));

export interface AttachmentFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
}

/** Why Jira could not be reached, in words a user can act on. */
function transportMessage(error: unknown, url: URL): string {
  const where = url.host;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Jira at ${where} did not answer within ${JIRA_TIMEOUT_MS / 1000} s.`;
  }
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  switch (code) {
    case 'ECONNREFUSED':
      return `Jira at ${where} refused the connection: check the base URL and its port.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The Jira host ${url.hostname} was not found: check the base URL.`;
    case 'ECONNRESET':
      return `Jira at ${where} closed the connection: check the base URL and its port.`;
    default:
      return `Jira at ${where} could not be reached${code ? ` (${code})` : ''}: check the base URL and its port.`;
  }
}

function statusMessage(status: number, body: string): string {
  if (status === 401 || status === 403) return `Jira refused the credentials (HTTP ${status}): check the user e-mail and API token.`;
  const parsed = jiraErrorSchema.safeParse(safeJson(body));
  const details = parsed.success
    ? [...(parsed.data.errorMessages ?? []), ...Object.entries(parsed.data.errors ?? {}).map(([field, text]) => `${field}: ${text}`), parsed.data.message ?? '']
    : [];
  const text = details.filter((part) => part !== '').join('; ');
  return `Jira answered HTTP ${status}${text ? `: ${text}` : '.'}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The REST calls the issue tracker makes, on API v2 or v3 as configured. Failures become 502 ApiErrors with clear messages. */
export class JiraClient {
  private readonly authorization: string;

  constructor(
    private readonly connection: JiraConnection,
    private readonly outbound: OutboundPolicy,
  ) {
    this.authorization = `Basic ${Buffer.from(`${connection.userEmail}:${connection.apiToken}`).toString('base64')}`;
  }

  get version(): JiraConnection['apiVersion'] {
    return this.connection.apiVersion;
  }

  private url(path: string): URL {
    return new URL(`${this.connection.baseUrl}/rest/api/${this.connection.apiVersion}${path}`);
  }

  private async call<T>(schema: z.ZodType<T>, path: string, init: { method?: string; headers?: Record<string, string>; body?: string | FormData } = {}): Promise<T> {
    const url = this.url(path);
    const headers = { ...init.headers, authorization: this.authorization, accept: 'application/json' };
    let response: OutboundHttpResponse;
    try {
      response = await outboundHttp(this.outbound, url, { ...init, headers, signal: AbortSignal.timeout(JIRA_TIMEOUT_MS) });
    } catch (error) {
      // A refused host (OutboundRefused, a 400) says so itself.
      if (error instanceof ApiError) throw error;
      throw new ApiError(502, transportMessage(error, url));
    }
    const body = response.text;
    if (response.status < 200 || response.status > 299) throw new ApiError(502, statusMessage(response.status, body));
    const parsed = schema.safeParse(safeJson(body));
    if (!parsed.success) throw new ApiError(502, `The server at ${url.host} did not answer as Jira does (${url.pathname}): check the base URL.`);
    return parsed.data;
  }

  myself(): Promise<JiraUser> {
    return this.call(userSchema, '/myself');
  }

  createMeta(): Promise<JiraCreateMeta> {
    return this.call(createMetaSchema, '/issue/createmeta?expand=projects.issuetypes.fields');
  }

  priorities(): Promise<z.infer<typeof namedListSchema>> {
    return this.call(namedListSchema, '/priority');
  }

  resolutions(): Promise<z.infer<typeof namedListSchema>> {
    return this.call(namedListSchema, '/resolution');
  }

  assignableUsers(projectKey: string): Promise<JiraUser[]> {
    return this.call(z.array(userSchema), `/user/assignable/search?project=${encodeURIComponent(projectKey)}&maxResults=200`);
  }

  createIssue(fields: Record<string, unknown>): Promise<z.infer<typeof createdIssueSchema>> {
    return this.call(createdIssueSchema, '/issue', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields }),
    });
  }

  /** Jira's attachment call wants multipart field `file` and the XSRF opt-out header. */
  async addAttachments(issueKey: string, files: readonly AttachmentFile[]): Promise<string[]> {
    if (files.length === 0) return [];
    const form = new FormData();
    for (const file of files) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    const added = await this.call(attachmentsSchema, `/issue/${encodeURIComponent(issueKey)}/attachments`, {
      method: 'POST',
      headers: { 'X-Atlassian-Token': 'no-check' },
      body: form,
    });
    return added.map((attachment) => attachment.filename);
  }
}

/** The id Jira takes for a user on this API version: accountId on v3 (Cloud), name on v2 (Server and Data Center). */
export function userIdOf(user: JiraUser, version: JiraConnection['apiVersion']): string {
  return (version === '3' ? (user.accountId ?? user.name) : (user.name ?? user.key ?? user.accountId)) ?? '';
}
