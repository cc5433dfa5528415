import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { setUserStatusSchema, USER_ADMIN_MESSAGES, userAccountResponseSchema } from '../../../shared/contracts/users';
import { USERS_BASE } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { joinWithinSeats, LICENSE_REFUSED_STATUS } from '../../licenses/enforcement';
import type { Api } from '../../services';
import { setUserActive } from '../repository';
import { administeredUser, savedUserAccount, userIdParams } from '../scope';

export function registerSetUserStatus({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'put',
      path: `${USERS_BASE}/{id}/status`,
      tags: ['Users'],
      summary: "Activate or deactivate a user: deactivation ends the user's sessions at once; activation takes a licence seat",
      request: {
        params: userIdParams,
        body: { required: true, content: { 'application/json': { schema: setUserStatusSchema } } },
      },
      responses: { 200: { description: 'Saved.', content: { 'application/json': { schema: userAccountResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    const { active } = c.req.valid('json');
    const target = await administeredUser(services.db, c, id);
    if (target.id === currentUser(c).row.id) throw new ApiError(409, USER_ADMIN_MESSAGES.notYourself);
    const wasActive = target.active !== 0;
    const audited = { entityType: 'user', entityId: target.id } as const;
    if (active && !wasActive) {
      const reactivated = await auditedChange(services.db, c, audited, (db) => joinWithinSeats(db, target.org_id, (trx) => setUserActive(trx, target.id, true)));
      if ('refusal' in reactivated) throw new ApiError(LICENSE_REFUSED_STATUS, reactivated.refusal);
    } else if (active !== wasActive) {
      await auditedChange(services.db, c, audited, (db) => setUserActive(db, target.id, active));
    }
    // Also when already inactive: a session started in a race with the deactivation ends too.
    if (!active) await services.sessions.revokeAllOf(target.id);
    const message = active ? USER_ADMIN_MESSAGES.activated : USER_ADMIN_MESSAGES.deactivated;
    return c.json({ success: true as const, message, data: await savedUserAccount(services.db, target.id) }, 200);
  });
}
