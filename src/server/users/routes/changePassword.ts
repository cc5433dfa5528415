import { createRoute, z } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import { auditedChange } from '../../audit/recordAudit';
import { changePasswordSchema, PASSWORD_MESSAGES } from '../../../shared/contracts/users';
import { endpoints } from '../../../shared/endpoints';
import { tooManyAttemptsMessage } from '../../auth/routes/login';
import { assertNotBreached } from '../../auth/newPassword';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { setUserPassword } from '../repository';

const changedSchema = z.object({ success: z.literal(true), message: z.string() });

export function registerChangePassword({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'post',
      path: endpoints.users.changePassword,
      tags: ['Users'],
      summary: "Replace one's own password; ends one's other sign-in sessions",
      request: { body: { required: true, content: { 'application/json': { schema: changePasswordSchema } } } },
      responses: { 200: { description: 'Changed.', content: { 'application/json': { schema: changedSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const { row, sessionId } = currentUser(c);
    // Guessing the current password with a stolen access token counts against the account like sign-in failures.
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const wait = await services.loginLimiter.retryAfterSeconds(row.user_id, address);
    if (wait > 0) throw new ApiError(429, tooManyAttemptsMessage(wait), { 'Retry-After': String(wait) });
    if (!(await verifyPassword(currentPassword, row.password_hash))) {
      await services.loginLimiter.record(row.user_id, address);
      throw new ApiError(400, PASSWORD_MESSAGES.currentWrong, {}, { currentPassword: [PASSWORD_MESSAGES.currentWrong] });
    }
    if (newPassword === currentPassword) {
      throw new ApiError(400, PASSWORD_MESSAGES.sameAsCurrent, {}, { newPassword: [PASSWORD_MESSAGES.sameAsCurrent] });
    }
    await assertNotBreached(newPassword, 'newPassword');
    const passwordHash = await hashPassword(newPassword, services.passwordHashCost);
    await auditedChange(services.db, c, { entityType: 'user', entityId: row.id }, (db) => setUserPassword(db, row.id, passwordHash));
    await services.sessions.revokeAllOf(row.id, sessionId);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, message: PASSWORD_MESSAGES.changed }, 200);
  });
}
