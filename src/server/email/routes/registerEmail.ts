import { auditedChange } from '../../audit/recordAudit';
import { createRoute } from '@hono/zod-openapi';
import { EMAIL_MESSAGES, imapAccountResponseSchema, registerEmailSchema } from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { EMAIL_TAG, jsonBody } from '../emailApi';
import { findImapAccount, imapAccountById, mailAccountSubject, toImapAccount, upsertImapAccount } from '../repository';

export function registerRegisterEmail({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'IMAP_EMAIL_ACCOUNT',
    createRoute({
      method: 'post',
      path: endpoints.email.registerEmail,
      tags: [EMAIL_TAG],
      summary: 'Add a mail account, or update the table its mails are read into',
      description: 'An account is one mailbox of one provider; registering it again updates it. The sign-in connects it.',
      request: { body: jsonBody(registerEmailSchema) },
      responses: {
        200: { description: `'${EMAIL_MESSAGES.accountAdded}' or '${EMAIL_MESSAGES.accountUpdated}'.`, content: { 'application/json': { schema: imapAccountResponseSchema } } },
        404: { description: 'The id names no account of the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  app.openapi(route, async (c) => {
    const orgId = currentUser(c).row.org_id;
    const body = c.req.valid('json');
    const known = body.id === undefined ? await findImapAccount(services.db, orgId, body) : await imapAccountById(services.db, orgId, body.id);
    const { row, added } = await auditedChange(services.db, c, mailAccountSubject(known), (trx) => upsertImapAccount(trx, orgId, body));
    return c.json({ success: true as const, message: added ? EMAIL_MESSAGES.accountAdded : EMAIL_MESSAGES.accountUpdated, data: toImapAccount(row) }, 200);
  });
}
