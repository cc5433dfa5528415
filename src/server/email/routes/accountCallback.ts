import { auditedChangeBy } from '../../audit/recordAudit';
import { createRoute, z } from '@hono/zod-openapi';
import { deleteCookie, getCookie } from 'hono/cookie';
import { EMAIL_MESSAGES, PROVIDER_ERROR_CODE } from '../../../shared/contracts/email';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { exchangeCode, nonceMatches, openState, SIGN_IN_NONCE_COOKIE } from '../accountSignIn';
import { EMAIL_SETUP_PAGE, EMAIL_TAG } from '../emailApi';
import { findImapAccount, mailAccountSubject, upsertImapAccount } from '../repository';
import { log } from '../../logs/logger';

const callbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  scope: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(512).optional(),
});

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * A page, not a 302: the provider's redirect arrives with no app state, and this page both moves on at once and shows a
 * link if refresh is blocked. Its target is always this app's Email Setup page (no open redirect); the code and state
 * never reach the app's address bar or its Referer.
 */
function returnPage(target: string): string {
  const href = escapeHtml(target);
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Email Setup</title></head><body><a href="${href}">Back to Email Setup</a></body></html>`;
}

export function registerAccountCallback({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'public',
    createRoute({
      method: 'get',
      path: endpoints.email.accountCallback,
      tags: [EMAIL_TAG],
      summary: "The providers' OAuth callback (code, scope, state): connects the account and returns to Email Setup",
      description: 'Always returns the browser to the Email Setup page of this app with account=Added, Updated or failed; only a state this server signed is accepted.',
      request: { query: callbackQuerySchema },
      responses: { 200: { description: 'A page that takes the browser back to the Email Account tab.', content: { 'text/html': { schema: z.string() } } } },
    }),
  );
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const back = (outcome: 'Added' | 'Updated' | 'failed', message?: string) => {
      const search = new URLSearchParams({ tab: 'account', account: outcome, ...(message ? { message } : {}) });
      return c.html(returnPage(`${EMAIL_SETUP_PAGE}?${search.toString()}`), 200, { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    };
    const state = query.state ? await openState(services.db, query.state) : null;
    const browserNonce = getCookie(c, SIGN_IN_NONCE_COOKIE);
    deleteCookie(c, SIGN_IN_NONCE_COOKIE, { path: endpoints.email.accountCallback });
    if (state && !nonceMatches(state, browserNonce)) return back('failed', EMAIL_MESSAGES.accountOtherBrowser);
    if (!state || !query.code || query.error) {
      const code = query.error && PROVIDER_ERROR_CODE.test(query.error) ? ` (${query.error})` : '';
      return back('failed', `${EMAIL_MESSAGES.accountFailed}${code}`);
    }
    try {
      const redirectUri = new URL(endpoints.email.accountCallback, c.req.url).toString();
      const tokens = await exchangeCode(state.host, query.code, redirectUri);
      const mailUserName = tokens.email ?? state.email;
      if (!mailUserName) return back('failed', EMAIL_MESSAGES.accountFailed);
      const change = {
        mailUserName,
        mailServerHost: state.host,
        status: 'CONNECTED' as const,
        connectedAt: new Date().toISOString(),
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      };
      const known = await findImapAccount(services.db, state.orgId, change);
      // A state sealed before it named who started the sign-in (an upgrade in between) still connects, unattributed.
      const by = { actor: state.actor ?? { id: '', name: 'Mail account sign-in' }, orgId: state.orgId };
      const { added } = await auditedChangeBy(services.db, by, mailAccountSubject(known), (trx) => upsertImapAccount(trx, state.orgId, change));
      return back(added ? 'Added' : 'Updated');
    } catch (error) {
      log().warn({ err: error }, 'Mail account sign-in failed');
      return back('failed', EMAIL_MESSAGES.accountFailed);
    }
  });
}
