import { createRoute } from '@hono/zod-openapi';
import {
  createUserFailedSchema,
  createUserRequestSchema,
  createUserResponseSchema,
  EMAIL_IN_USE_MESSAGE,
  USER_CREATED_MESSAGE,
} from '../../../shared/contracts/users';
import { endpoints } from '../../../shared/endpoints';
import { auditedChange } from '../../audit/recordAudit';
import { assertNotBreached } from '../../auth/newPassword';
import { hashPassword } from '../../auth/passwords';
import { isUniqueViolation } from '../../db/dialect';
import { joinWithinSeats, LICENSE_REFUSED_STATUS } from '../../licenses/enforcement';
import type { Api } from '../../services';
import { findUserByUserId, insertUser, toStoredUser, type UserRow } from '../repository';
import { administeredOrgId } from '../scope';

type SeatResult = Awaited<ReturnType<typeof joinWithinSeats<UserRow>>>;

export function registerCreateUser({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.users.list,
      tags: ['Users'],
      summary: "Create a user in the caller's organization (a platform administrator may name another); the user must change the password at the first sign-in",
      request: { body: { required: true, content: { 'application/json': { schema: createUserRequestSchema } } } },
      responses: {
        200: { description: 'Created.', content: { 'application/json': { schema: createUserResponseSchema } } },
        403: { description: "The organization's licence has no room for another active user.", content: { 'application/json': { schema: createUserFailedSchema } } },
        409: { description: 'The e-mail already has an account.', content: { 'application/json': { schema: createUserFailedSchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const orgId = await administeredOrgId(services.db, c, body.orgId);
    await assertNotBreached(body.password, 'password');
    const emailInUse = () =>
      c.json({ success: false as const, message: EMAIL_IN_USE_MESSAGE, data: { Failed: EMAIL_IN_USE_MESSAGE } }, 409);
    if (await findUserByUserId(services.db, body.emailAddress)) return emailInUse();
    const passwordHash = await hashPassword(body.password, services.passwordHashCost);
    try {
      const created = await auditedChange(services.db, c, { entityType: 'user', entityId: (result: SeatResult) => ('joined' in result ? result.joined.id : undefined) }, (db) =>
        joinWithinSeats(db, orgId, (trx) =>
          insertUser(trx, {
            email: body.emailAddress,
            passwordHash,
            orgId,
            mustChangePassword: true,
            firstName: body.firstName,
            lastName: body.lastName,
            features: body.features ?? [],
          }),
        ),
      );
      if ('refusal' in created) {
        return c.json({ success: false as const, message: created.refusal, data: { Failed: created.refusal } }, LICENSE_REFUSED_STATUS);
      }
      return c.json({ success: true as const, message: USER_CREATED_MESSAGE, data: toStoredUser(created.joined) }, 200);
    } catch (error) {
      // A concurrent create of the same e-mail won the race between the check and the insert.
      if (isUniqueViolation(error)) return emailInUse();
      throw error;
    }
  });
}
