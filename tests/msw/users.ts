import { http, HttpResponse } from 'msw';
import {
  changePasswordSchema,
  createUserRequestSchema,
  EMAIL_IN_USE_MESSAGE,
  PASSWORD_MESSAGES,
  setPermissionsSchema,
  setUserStatusSchema,
  USER_ADMIN_MESSAGES,
  USER_CREATED_MESSAGE,
  userAccountSchema,
  type ChangePassword,
  type CreateUserRequest,
  type SetPermissions,
  type UserAccount,
} from '../../src/shared/contracts/users';
import { endpoints } from '../../src/shared/endpoints';
import { makeStoredUser } from './factories';
import { anyOrigin, errorResponse } from './handlers';

/** A user as the administration list shows it. */
export function makeUserAccount(overrides: Partial<UserAccount> = {}): UserAccount {
  const stored = makeStoredUser({ permissions: { features: [] }, ...overrides });
  return userAccountSchema.parse({ active: true, mustChangePassword: false, email: stored.userId, ...stored, ...overrides });
}

/** The fake users service (contract src/shared/contracts/users.ts), and what it was sent. */
export const usersBackend = {
  accounts: [] as UserAccount[],
  created: [] as CreateUserRequest[],
  listedOrgIds: [] as (string | null)[],
  permissionsSet: [] as { id: string; body: SetPermissions }[],
  statusSet: [] as { id: string; active: boolean }[],
  passwordChanges: [] as ChangePassword[],
  /** A create answered with data.Failed (e.g. the licence's seat message). */
  createFailed: null as string | null,
  /** Answer the next status or permissions write with this error. */
  failure: null as { status: number; message: string; fieldErrors?: Record<string, string[]> } | null,
  reset() {
    this.accounts = [];
    this.created = [];
    this.listedOrgIds = [];
    this.permissionsSet = [];
    this.statusSet = [];
    this.passwordChanges = [];
    this.createFailed = null;
    this.failure = null;
  },
};

function account(id: string) {
  return usersBackend.accounts.find((candidate) => candidate.id === id);
}

function replace(saved: UserAccount) {
  usersBackend.accounts = usersBackend.accounts.map((candidate) => (candidate.id === saved.id ? saved : candidate));
  return saved;
}

function refused() {
  const { failure } = usersBackend;
  return failure ? errorResponse(failure.status, failure.message, failure.fieldErrors) : null;
}

export const usersHandlers = [
  http.get(anyOrigin(endpoints.users.list), ({ request }) => {
    usersBackend.listedOrgIds.push(new URL(request.url).searchParams.get('orgId'));
    return HttpResponse.json({ success: true, data: usersBackend.accounts });
  }),
  http.post(anyOrigin(endpoints.users.list), async ({ request }) => {
    const input = createUserRequestSchema.parse(await request.json());
    usersBackend.created.push(input);
    if (usersBackend.createFailed) return HttpResponse.json({ success: false, message: 'Failed', data: { Failed: usersBackend.createFailed } }, { status: 403 });
    if (usersBackend.accounts.some((candidate) => candidate.email === input.emailAddress)) {
      return errorResponse(409, EMAIL_IN_USE_MESSAGE, { emailAddress: [EMAIL_IN_USE_MESSAGE] });
    }
    const created = makeUserAccount({
      userId: input.emailAddress,
      email: input.emailAddress,
      orgId: input.orgId ?? 'org-1',
      userDetails: { firstName: input.firstName, lastName: input.lastName },
      permissions: { features: input.features ?? [] },
      mustChangePassword: true,
    });
    usersBackend.accounts.push(created);
    const { active: _active, mustChangePassword: _must, email: _email, ...stored } = created;
    return HttpResponse.json({ success: true, message: USER_CREATED_MESSAGE, data: stored });
  }),
  http.put(anyOrigin(`${endpoints.users.list}:id/permissions`), async ({ request, params }) => {
    const id = String(params.id);
    const body = setPermissionsSchema.parse(await request.json());
    usersBackend.permissionsSet.push({ id, body });
    const existing = account(id);
    if (!existing) return errorResponse(404, USER_ADMIN_MESSAGES.notFound);
    const failure = refused();
    if (failure) return failure;
    const saved = replace({ ...existing, permissions: { features: body.features } });
    return HttpResponse.json({ success: true, message: USER_ADMIN_MESSAGES.permissionsSaved, data: saved });
  }),
  http.put(anyOrigin(`${endpoints.users.list}:id/status`), async ({ request, params }) => {
    const id = String(params.id);
    const { active } = setUserStatusSchema.parse(await request.json());
    usersBackend.statusSet.push({ id, active });
    const existing = account(id);
    if (!existing) return errorResponse(404, USER_ADMIN_MESSAGES.notFound);
    const failure = refused();
    if (failure) return failure;
    const saved = replace({ ...existing, active });
    return HttpResponse.json({ success: true, message: active ? USER_ADMIN_MESSAGES.activated : USER_ADMIN_MESSAGES.deactivated, data: saved });
  }),
  http.post(anyOrigin(endpoints.users.changePassword), async ({ request }) => {
    const body = changePasswordSchema.parse(await request.json());
    usersBackend.passwordChanges.push(body);
    const failure = refused();
    if (failure) return failure;
    return HttpResponse.json({ success: true, message: PASSWORD_MESSAGES.changed });
  }),
];
