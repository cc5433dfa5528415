import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import {
  accountSignInResponseSchema,
  emailConfigListResponseSchema,
  emailConfigResponseSchema,
  emailMessageResponseSchema,
  imapAccountListResponseSchema,
  type EmailConfig,
  type ImapAccount,
  type ImapAccountHost,
  type SaveEmailConfig,
  type SendTestEmail,
} from '../../../shared/contracts/email';
import { endpoints } from '../../../shared/endpoints';

/** Query keys of the Email Setup area. */
export const emailKeys = {
  all: ['email'] as const,
  configs: () => [...emailKeys.all, 'configs'] as const,
  accounts: () => [...emailKeys.all, 'accounts'] as const,
};

/** GET {emailservice}/emailConfigs. */
export const emailConfigsQuery = () =>
  queryOptions({
    queryKey: emailKeys.configs(),
    queryFn: async ({ signal }): Promise<EmailConfig[]> => (await apiJson(endpoints.email.configs, emailConfigListResponseSchema, { signal })).data,
  });

/** GET {emailservice}/imap/emailConfig/getEmailConfig. */
export const imapAccountsQuery = () =>
  queryOptions({
    queryKey: emailKeys.accounts(),
    queryFn: async ({ signal }): Promise<ImapAccount[]> => (await apiJson(endpoints.email.getEmailConfig, imapAccountListResponseSchema, { signal })).data,
  });

/** §4: an existing config id updates, otherwise create (saved ACTIVE by the server). */
export async function saveEmailConfig(draft: SaveEmailConfig): Promise<{ message: string; config: EmailConfig }> {
  const answer = await apiJson(endpoints.email.configs, emailConfigResponseSchema, { method: draft.configEmailId ? 'PUT' : 'POST', json: draft });
  return { message: answer.message, config: answer.data };
}

/** §4: removal sets INACTIVE through deactivate (empty body). */
export async function deactivateEmailConfig(id: string): Promise<string> {
  return (await apiJson(endpoints.email.deactivate(id), emailMessageResponseSchema, { method: 'PUT' })).message;
}

export async function deleteEmailConfig(id: string): Promise<string> {
  return (await apiJson(endpoints.email.configById(id), emailMessageResponseSchema, { method: 'DELETE' })).message;
}

export async function sendTestEmail(payload: SendTestEmail): Promise<string> {
  return (await apiJson(endpoints.email.sendEmail, emailMessageResponseSchema, { method: 'POST', json: payload })).message;
}

/** The provider's authorization URL (the server answers a clear message when the provider is not configured). */
export async function accountSignInUrl(accountType: ImapAccountHost, email?: string): Promise<string> {
  const search = new URLSearchParams({ accountType, ...(email ? { email } : {}) });
  return (await apiJson(`${endpoints.email.accountSignIn}?${search.toString()}`, accountSignInResponseSchema)).data.url;
}
