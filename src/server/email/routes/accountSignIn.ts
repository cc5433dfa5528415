import { auditActorOf } from '../../audit/recordAudit';
import { createRoute } from '@hono/zod-openapi';
import { accountSignInQuerySchema, accountSignInResponseSchema } from '../../../shared/contracts/email';
import { endpoints } from '../../../shared/endpoints';
import { setCookie } from 'hono/cookie';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { SIGN_IN_NONCE_COOKIE, SIGN_IN_NONCE_MAX_AGE_SECONDS, signInUrl } from '../accountSignIn';
import { EMAIL_TAG } from '../emailApi';

export function registerAccountSignIn({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'IMAP_EMAIL_ACCOUNT',
    createRoute({
      method: 'get',
      path: endpoints.email.accountSignIn,
      tags: [EMAIL_TAG],
      summary: 'The Google or Microsoft authorization URL that connects a mail account (Add Google/Microsoft Account)',
      description: 'Code flow with offline access and the IMAP scope; 400 with a clear message when the server has no client id for the provider.',
      request: { query: accountSignInQuerySchema },
      responses: { 200: { description: 'The URL to send the browser to.', content: { 'application/json': { schema: accountSignInResponseSchema } } } },
    }),
  );
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const redirectUri = new URL(endpoints.email.accountCallback, c.req.url).toString();
    const { url, nonce } = await signInUrl(services.db, { orgId: currentUser(c).row.org_id, actor: auditActorOf(c), host: query.accountType, email: query.email, redirectUri });
    setCookie(c, SIGN_IN_NONCE_COOKIE, nonce, {
      path: endpoints.email.accountCallback,
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: SIGN_IN_NONCE_MAX_AGE_SECONDS,
    });
    return c.json({ success: true as const, message: '', data: { url } }, 200);
  });
}
