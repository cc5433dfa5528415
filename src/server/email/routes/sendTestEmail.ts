import { createRoute } from '@hono/zod-openapi';
import { EMAIL_MESSAGES, emailMessageResponseSchema, sendTestEmailSchema } from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { openSmtpTransport, smtpSettingsOf } from '../activeSmtp';
import { failureReason } from '../connectionCheck';
import { EMAIL_TAG, jsonBody } from '../emailApi';
import { emailConfigRow } from '../repository';
import { mailSecrets } from '../secretBox';

export function registerSendTestEmail({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'EMAIL_SETUP',
    createRoute({
      method: 'post',
      path: endpoints.email.sendEmail,
      tags: [EMAIL_TAG],
      summary: 'Send a test email through an ACTIVE SMTP configuration',
      request: { body: jsonBody(sendTestEmailSchema) },
      responses: {
        200: { description: 'Accepted by the SMTP server.', content: { 'application/json': { schema: emailMessageResponseSchema } } },
        400: { description: 'Not an active SMTP configuration, or its host is one the server may not connect to (OUTBOUND_ALLOW).', content: { 'application/json': { schema: errorBodySchema } } },
        404: { description: 'No such configuration in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
        422: { description: 'The SMTP server could not be reached or refused the mail; the message says why, within 10 s.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const row = await emailConfigRow(services.db, currentUser(c).row.org_id, body.configEmailId);
    if (row.email_type !== 'SMTP') throw new ApiError(400, EMAIL_MESSAGES.sendNeedsSmtp, {}, { configEmailId: [EMAIL_MESSAGES.sendNeedsSmtp] });
    if (row.status !== 'ACTIVE') throw new ApiError(400, EMAIL_MESSAGES.sendInactive, {}, { configEmailId: [EMAIL_MESSAGES.sendInactive] });
    const settings = smtpSettingsOf(row, await mailSecrets.open(services.db, row.password_cipher));
    let transport: Awaited<ReturnType<typeof openSmtpTransport>> | undefined;
    try {
      transport = await openSmtpTransport(services.outbound, settings);
      await transport.sendMail({ from: settings.from, to: body.toEmail, subject: body.emailSubject, text: body.emailBody });
    } catch (error) {
      // A host the outbound policy refuses is a 400 that names it.
      if (error instanceof ApiError) throw error;
      throw new ApiError(422, `Could not send through ${settings.host}:${settings.port}: ${failureReason(error)}`);
    } finally {
      transport?.close();
    }
    return c.json({ success: true as const, message: EMAIL_MESSAGES.testSent(body.toEmail) }, 200);
  });
}
