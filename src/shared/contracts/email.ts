import { z } from 'zod';

/**
 * Email of spec part 2: §3 Email configuration and Email account (IMAP), §4, §5 Email, §7 Email, §8 and §9. Passwords
 * go to the server only: no answer carries one, and an update with an empty password keeps the stored one.
 */
export const EMAIL_TYPES = ['SMTP', 'IMAP', 'POP3'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
export const EMAIL_PROVIDERS = ['GMAIL', 'HOTMAIL', 'YAHOO'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];
export const EMAIL_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const IMAP_ACCOUNT_HOSTS = ['MICROSOFT', 'Google'] as const;
export type ImapAccountHost = (typeof IMAP_ACCOUNT_HOSTS)[number];
/** §9: the email and Imap Configurations tables show 20 rows a page. */
export const EMAIL_PAGE_SIZE = 20;
/** §4: loading flags and highlights of the email table clear after 5 s. */
export const EMAIL_HIGHLIGHT_MS = 5000;
/** §4: a status holding this shows as the 'Sign In Required' link. */
export const AUTHENTICATION_FAILED_MARK = 'AuthenticationFailedException';

export const EMAIL_LIMITS = { email: 254, password: 500, host: 253, subject: 998, body: 100_000 } as const;

/** A provider's OAuth error code (access_denied and the like): the only provider text the sign-in outcome may show. */
export const PROVIDER_ERROR_CODE = /^[\w.-]{1,64}$/;

export const EMAIL_MESSAGES = {
  loadFailed: 'Unable to load Email Configurations',
  emptyAddress: 'Email address cannot be empty',
  invalidEmail: 'invalidEmail',
  required: 'Required',
  saved: 'Email Configuration Saved',
  deactivated: 'Email Configuration Removed',
  deleted: 'Email Configuration Deleted',
  notFound: (id: string) => `Email configuration ${id} not found`,
  passwordRequired: 'Password is required',
  testSent: (to: string) => `Test email sent to ${to}`,
  sendNeedsSmtp: 'Test emails are sent through an SMTP configuration',
  sendInactive: 'The email configuration is INACTIVE: activate it to send',
  accountAdded: 'Account is Added',
  accountUpdated: 'Account is Updated',
  accountFailed: 'Unable to add/update account, please try again!',
  /** Not in the spec: the sign-in came back to a browser other than the one that started it (a forwarded link). */
  accountOtherBrowser: 'This sign-in was started in another browser. Please start Add Account again here.',
  signInRequired: 'Sign In Required',
  oauthNotConfigured: (provider: string, variable: string) => `${provider} sign-in is not configured on this server: an administrator sets ${variable}`,
  accountNotFound: (id: string) => `Email account ${id} not found`,
} as const;

/** §5: the provider is guessed from the host (gmail, live or hotmail, yahoo). */
export function providerOfHost(host: string): EmailProvider | null {
  const lower = host.toLowerCase();
  if (lower.includes('gmail')) return 'GMAIL';
  if (lower.includes('live') || lower.includes('hotmail')) return 'HOTMAIL';
  if (lower.includes('yahoo')) return 'YAHOO';
  return null;
}

/** Simple mode: the provider's outgoing server (the providers' published SMTP settings). */
export const PROVIDER_SMTP: Record<EmailProvider, { emailHost: string; emailPort: number; enableSsl: boolean; enableTls: boolean }> = {
  GMAIL: { emailHost: 'smtp.gmail.com', emailPort: 465, enableSsl: true, enableTls: false },
  HOTMAIL: { emailHost: 'smtp-mail.outlook.com', emailPort: 587, enableSsl: false, enableTls: true },
  YAHOO: { emailHost: 'smtp.mail.yahoo.com', emailPort: 465, enableSsl: true, enableTls: false },
};

/** The multi-email pattern of §5, one address. */
export const EMAIL_PATTERN = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export const emailConfigSchema = z.object({
  configEmailId: z.string(),
  fromEmail: z.string(),
  emailType: z.enum(EMAIL_TYPES),
  emailHost: z.string(),
  emailPort: z.number().int(),
  enableSsl: z.boolean(),
  enableTls: z.boolean(),
  emailProvider: z.enum(EMAIL_PROVIDERS).nullable(),
  status: z.enum(EMAIL_STATUSES),
  enabled: z.boolean(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

/**
 * A create (no configEmailId) or an update. Advanced mode names type, host, port, ssl and tls; simple mode names the
 * provider alone and gets its SMTP server. §5's rules are checked here so server and form agree.
 */
export const saveEmailConfigSchema = z
  .object({
    configEmailId: z.string().min(1).optional(),
    fromEmail: z.string().trim().max(EMAIL_LIMITS.email).regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalidEmail),
    /** Empty on an update keeps the stored password. */
    password: z.string().max(EMAIL_LIMITS.password).default(''),
    emailType: z.enum(EMAIL_TYPES).nullish(),
    emailHost: z.string().trim().max(EMAIL_LIMITS.host).nullish(),
    emailPort: z.number().int().min(1).max(65535).nullish(),
    enableSsl: z.boolean().nullish(),
    enableTls: z.boolean().nullish(),
    emailProvider: z.enum(EMAIL_PROVIDERS).nullish(),
    status: z.enum(EMAIL_STATUSES).optional(),
  })
  .superRefine((value, ctx) => {
    const advanced = value.emailHost != null && value.emailHost !== '';
    if (!advanced) {
      if (value.emailProvider == null) ctx.addIssue({ code: 'custom', path: ['emailProvider'], message: EMAIL_MESSAGES.required });
      return;
    }
    for (const field of ['emailType', 'emailPort', 'enableSsl', 'enableTls'] as const) {
      if (value[field] == null) ctx.addIssue({ code: 'custom', path: [field], message: EMAIL_MESSAGES.required });
    }
  });
export type SaveEmailConfig = z.input<typeof saveEmailConfigSchema>;

export const sendTestEmailSchema = z.object({
  configEmailId: z.string().min(1),
  toEmail: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES.emptyAddress });
      else if (!EMAIL_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES.invalidEmail });
    }),
  emailSubject: z.string().max(EMAIL_LIMITS.subject).default(''),
  emailBody: z.string().max(EMAIL_LIMITS.body).default(''),
  testStatusId: z.union([z.string(), z.number()]).nullish(),
});
export type SendTestEmail = z.input<typeof sendTestEmailSchema>;

export const imapAccountSchema = z.object({
  id: z.string(),
  mailUserName: z.string(),
  dbTableName: z.string(),
  mailServerConnectionDate: z.string().nullable(),
  mailServerResponseStatus: z.string(),
  mailServerHost: z.enum(IMAP_ACCOUNT_HOSTS),
});
export type ImapAccount = z.infer<typeof imapAccountSchema>;

/** registerEmail: an account's mailbox and the table its mails are read into. */
export const registerEmailSchema = z.object({
  id: z.string().min(1).optional(),
  mailUserName: z.string().trim().max(EMAIL_LIMITS.email).regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalidEmail),
  mailServerHost: z.enum(IMAP_ACCOUNT_HOSTS),
  dbTableName: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]\w{0,62}$/, 'Letters, digits and underscores, starting with a letter')
    .optional(),
});
export type RegisterEmail = z.input<typeof registerEmailSchema>;

export const accountSignInQuerySchema = z.object({
  accountType: z.enum(IMAP_ACCOUNT_HOSTS),
  email: z.string().trim().regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalidEmail).optional(),
});

export const emailConfigListResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: z.array(emailConfigSchema) });
export const emailConfigResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: emailConfigSchema });
export const emailMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const imapAccountListResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: z.array(imapAccountSchema) });
export const imapAccountResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: imapAccountSchema });
export const accountSignInResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: z.object({ url: z.string() }) });
