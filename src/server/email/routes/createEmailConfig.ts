import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { EMAIL_MESSAGES, emailConfigResponseSchema, saveEmailConfigSchema } from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { OUTBOUND_REFUSED_DOC } from '../../outbound/policy';
import type { Api } from '../../services';
import { configAnswer, EMAIL_TAG, jsonBody } from '../emailApi';
import { saveEmailConfig, toEmailConfig, type EmailConfigRow } from '../repository';

export function registerCreateEmailConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'EMAIL_SETUP',
    createRoute({
      method: 'post',
      path: endpoints.email.configs,
      tags: [EMAIL_TAG],
      summary: 'Create an email configuration (saved ACTIVE) after connecting and logging in to its server',
      description: 'Simple mode names emailProvider only (its SMTP server is used); advanced mode names emailType, emailHost, emailPort, enableSsl and enableTls.',
      request: { body: jsonBody(saveEmailConfigSchema) },
      responses: {
        200: { description: `Saved ('${EMAIL_MESSAGES.saved}').`, content: { 'application/json': { schema: emailConfigResponseSchema } } },
        400: { description: OUTBOUND_REFUSED_DOC, content: { 'application/json': { schema: errorBodySchema } } },
        422: { description: 'The server could not be reached or refused the login; the message says why, within 10 s.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  app.openapi(route, async (c) => {
    const user = currentUser(c);
    const body = { ...c.req.valid('json'), configEmailId: undefined };
    const subject = { entityType: 'email', entityId: (created: EmailConfigRow) => created.id, transactional: false } as const;
    const row = await auditedChange(services.db, c, subject, (db) => saveEmailConfig(db, services.outbound, user.row.org_id, user.row.user_id, body));
    return c.json(configAnswer(EMAIL_MESSAGES.saved, toEmailConfig(row)), 200);
  });
}
