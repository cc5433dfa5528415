import { createRoute, z } from '@hono/zod-openapi';
import { EMAIL_MESSAGES } from '../../../shared/contracts/email';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { exchangeCode, openState } from '../accountSignIn';
import { EMAIL_SETUP_PAGE, EMAIL_TAG } from '../emailApi';
import { upsertImapAccount } from '../repository';

const callbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  scope: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(512).optional(),
});

export function registerAccountCallback({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'public',
    createRoute({
      method: 'get',
      path: endpoints.email.accountCallback,
      tags: [EMAIL_TAG],
      summary: "The providers' OAuth callback (code, scope, state): connects the account and returns to Email Setup",
      description: 'Always redirects to the Email Setup page of this app with account=Added, Updated or failed; only a state this server signed is accepted.',
      request: { query: callbackQuerySchema },
      responses: { 302: { description: 'Back to the Email Account tab.' } },
    }),
  );
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const back = (outcome: 'Added' | 'Updated' | 'failed', message?: string) => {
      const search = new URLSearchParams({ tab: 'account', account: outcome, ...(message ? { message } : {}) });
      return c.redirect(`${EMAIL_SETUP_PAGE}?${search.toString()}`, 302);
    };
    const state = query.state ? await openState(services.db, query.state) : null;
    if (!state || !query.code || query.error) return back('failed', query.error ? `${EMAIL_MESSAGES.accountFailed} (${query.error})` : EMAIL_MESSAGES.accountFailed);
    try {
      const redirectUri = new URL(endpoints.email.accountCallback, c.req.url).toString();
      const tokens = await exchangeCode(state.host, query.code, redirectUri);
      const mailUserName = tokens.email ?? state.email;
      if (!mailUserName) return back('failed', EMAIL_MESSAGES.accountFailed);
      const { added } = await upsertImapAccount(services.db, state.orgId, {
        mailUserName,
        mailServerHost: state.host,
        status: 'CONNECTED',
        connectedAt: new Date().toISOString(),
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      });
      return back(added ? 'Added' : 'Updated');
    } catch (error) {
      console.warn('Mail account sign-in failed:', error);
      return back('failed', EMAIL_MESSAGES.accountFailed);
    }
  });
}
