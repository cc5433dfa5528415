import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { setPermissionsSchema, USER_ADMIN_MESSAGES, userAccountResponseSchema } from '../../../shared/contracts/users';
import { USERS_BASE } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { setUserFeatures } from '../repository';
import { administeredUser, savedUserAccount, userIdParams } from '../scope';

export function registerSetUserPermissions({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'put',
      path: `${USERS_BASE}/{id}/permissions`,
      tags: ['Users'],
      summary: "Replace a user's features; the server applies them at once, the access token's claims at the next refresh",
      request: {
        params: userIdParams,
        body: { required: true, content: { 'application/json': { schema: setPermissionsSchema } } },
      },
      responses: { 200: { description: 'Saved.', content: { 'application/json': { schema: userAccountResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    const { features } = c.req.valid('json');
    const target = await administeredUser(services.db, c, id);
    if (target.id === currentUser(c).row.id && !features.includes('ORGANIZATIONS_MANAGEMENT')) {
      throw new ApiError(409, USER_ADMIN_MESSAGES.notYourself, {}, { features: [USER_ADMIN_MESSAGES.notYourself] });
    }
    await auditedChange(services.db, c, { entityType: 'user', entityId: target.id }, (db) => setUserFeatures(db, target.id, [...new Set(features)]));
    return c.json({ success: true as const, message: USER_ADMIN_MESSAGES.permissionsSaved, data: await savedUserAccount(services.db, target.id) }, 200);
  });
}
