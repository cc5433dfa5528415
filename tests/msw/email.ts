import { http, HttpResponse } from 'msw';
import {
  EMAIL_MESSAGES,
  PROVIDER_SMTP,
  saveEmailConfigSchema,
  sendTestEmailSchema,
  type EmailConfig,
  type ImapAccount,
  type SaveEmailConfig,
  type SendTestEmail,
} from '../../src/shared/contracts/email';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';

export function makeEmailConfig(overrides: Partial<EmailConfig> = {}): EmailConfig {
  return {
    configEmailId: nextId('email'),
    fromEmail: 'robot@example.test',
    emailType: 'SMTP',
    emailHost: 'smtp.example.test',
    emailPort: 587,
    enableSsl: false,
    enableTls: true,
    emailProvider: null,
    status: 'ACTIVE',
    enabled: true,
    dateCreated: '2026-01-01T00:00:00.000Z',
    dateUpdated: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeImapAccount(overrides: Partial<ImapAccount> = {}): ImapAccount {
  return {
    id: nextId('account'),
    mailUserName: 'inbox@example.test',
    dbTableName: 'mail_inbox_example_test',
    mailServerConnectionDate: '2026-01-02T10:30:00.000Z',
    mailServerResponseStatus: 'CONNECTED',
    mailServerHost: 'Google',
    ...overrides,
  };
}

export interface EmailBackendOptions {
  configs?: EmailConfig[];
  accounts?: ImapAccount[];
  listFails?: boolean;
  /** The message of a 422 every save answers (a refused login, say). */
  saveFailure?: string;
  /** Answered by the sign-in call instead of a URL (a provider that is not configured). */
  signInFailure?: string;
}

/** The fake email service (part 2 §7 Email), checking payloads against the shared contract and keeping them. */
export function emailBackend({ configs = [], accounts = [], listFails = false, saveFailure, signInFailure }: EmailBackendOptions = {}) {
  const state = {
    configs: [...configs],
    saved: [] as SaveEmailConfig[],
    sent: [] as SendTestEmail[],
    deactivated: [] as string[],
    deleted: [] as string[],
    signIns: [] as string[],
  };
  const handlers = [
    http.get(anyOrigin(endpoints.email.configs), () =>
      listFails ? errorResponse(404, 'No such service') : HttpResponse.json({ success: true, message: '', data: state.configs }),
    ),
    http.post(anyOrigin(endpoints.email.configs), async ({ request }) => save(await request.json())),
    http.put(anyOrigin(endpoints.email.configs), async ({ request }) => save(await request.json())),
    http.put(anyOrigin(`${endpoints.email.configs}/deactivate/:id`), ({ params }) => {
      const id = String(params['id']);
      state.deactivated.push(id);
      state.configs = state.configs.map((config) => (config.configEmailId === id ? { ...config, status: 'INACTIVE', enabled: false } : config));
      return HttpResponse.json({ success: true, message: EMAIL_MESSAGES.deactivated });
    }),
    http.delete(anyOrigin(`${endpoints.email.configs}/:id`), ({ params }) => {
      const id = String(params['id']);
      state.deleted.push(id);
      state.configs = state.configs.filter((config) => config.configEmailId !== id);
      return HttpResponse.json({ success: true, message: EMAIL_MESSAGES.deleted });
    }),
    http.post(anyOrigin(endpoints.email.sendEmail), async ({ request }) => {
      const parsed = sendTestEmailSchema.safeParse(await request.json());
      if (!parsed.success) return errorResponse(400, EMAIL_MESSAGES.emptyAddress);
      state.sent.push(parsed.data);
      return HttpResponse.json({ success: true, message: EMAIL_MESSAGES.testSent(parsed.data.toEmail) });
    }),
    http.get(anyOrigin(endpoints.email.getEmailConfig), () => HttpResponse.json({ success: true, message: '', data: accounts })),
    http.get(anyOrigin(endpoints.email.accountSignIn), ({ request }) => {
      const accountType = new URL(request.url).searchParams.get('accountType') ?? '';
      state.signIns.push(accountType);
      if (signInFailure) return errorResponse(400, signInFailure);
      return HttpResponse.json({ success: true, message: '', data: { url: `https://accounts.example.test/authorize?provider=${accountType}` } });
    }),
  ];

  function save(body: unknown) {
    const parsed = saveEmailConfigSchema.safeParse(body);
    if (!parsed.success) return errorResponse(400, 'Invalid email configuration');
    const payload = parsed.data;
    state.saved.push(payload);
    if (saveFailure) return errorResponse(422, saveFailure);
    const server = payload.emailHost
      ? { emailHost: payload.emailHost, emailPort: payload.emailPort ?? 0, enableSsl: payload.enableSsl ?? false, enableTls: payload.enableTls ?? false }
      : PROVIDER_SMTP[payload.emailProvider ?? 'GMAIL'];
    const existing = state.configs.find((config) => config.configEmailId === payload.configEmailId);
    const config = makeEmailConfig({
      ...(existing ?? {}),
      fromEmail: payload.fromEmail,
      emailType: payload.emailType ?? 'SMTP',
      emailProvider: payload.emailProvider ?? null,
      ...server,
    });
    state.configs = existing ? state.configs.map((item) => (item.configEmailId === config.configEmailId ? config : item)) : [...state.configs, config];
    return HttpResponse.json({ success: true, message: EMAIL_MESSAGES.saved, data: config });
  }

  return { handlers, state };
}
