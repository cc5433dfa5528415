import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { EMAIL_MESSAGES, emailConfigResponseSchema, saveEmailConfigSchema } from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { OUTBOUND_REFUSED_DOC } from '../../outbound/policy';
import type { Api } from '../../services';
import { configAnswer, EMAIL_TAG, jsonBody } from '../emailApi';
import { saveEmailConfig, toEmailConfig } from '../repository';

export function registerUpdateEmailConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'EMAIL_SETUP',
    createRoute({
      method: 'put',
      path: endpoints.email.configs,
      tags: [EMAIL_TAG],
      summary: 'Update an email configuration (configEmailId); an empty password keeps the stored one',
      request: { body: jsonBody(saveEmailConfigSchema) },
      responses: {
        200: { description: `Saved ('${EMAIL_MESSAGES.saved}').`, content: { 'application/json': { schema: emailConfigResponseSchema } } },
        400: { description: OUTBOUND_REFUSED_DOC, content: { 'application/json': { schema: errorBodySchema } } },
        404: { description: 'No such configuration in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
        422: { description: 'The server could not be reached or refused the login.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  app.openapi(route, async (c) => {
    const user = currentUser(c);
    const body = c.req.valid('json');
    if (body.configEmailId === undefined) throw new ApiError(400, EMAIL_MESSAGES.required, {}, { configEmailId: [EMAIL_MESSAGES.required] });
    const subject = { entityType: 'email', entityId: body.configEmailId, transactional: false } as const;
    const row = await auditedChange(services.db, c, subject, (db) => saveEmailConfig(db, services.outbound, user.row.org_id, user.row.user_id, body));
    return c.json(configAnswer(EMAIL_MESSAGES.saved, toEmailConfig(row)), 200);
  });
}
