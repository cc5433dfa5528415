import { createRoute } from '@hono/zod-openapi';
import { imapAccountListResponseSchema } from '../../../shared/contracts/email';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { EMAIL_TAG } from '../emailApi';
import { listImapAccounts } from '../repository';

export function registerGetImapAccounts({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'IMAP_EMAIL_ACCOUNT',
    createRoute({
      method: 'get',
      path: endpoints.email.getEmailConfig,
      tags: [EMAIL_TAG],
      summary: "The organization's connected mail accounts (Imap Configurations)",
      responses: { 200: { description: 'success, message, data[].', content: { 'application/json': { schema: imapAccountListResponseSchema } } } },
    }),
  );
  app.openapi(route, async (c) => c.json({ success: true as const, message: '', data: await listImapAccounts(services.db, currentUser(c).row.org_id) }, 200));
}
