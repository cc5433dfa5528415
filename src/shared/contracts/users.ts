import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { storedUserSchema } from './auth';

/** ASVS level 2 (V2.1): at least 12 characters, at most 128, any characters; checked against breached passwords. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MESSAGES = {
  required: 'Password is required!',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  /** The server's answer when the password is on the breached-password list (checked on the server only). */
  breached: 'This password appears in lists of breached passwords; choose another one',
  /** The current password given with a change is wrong. */
  currentWrong: 'The current password is not correct',
  sameAsCurrent: 'The new password must differ from the current one',
  changed: 'Password changed',
  /** 403 answer to any call but the change, sign-out and refresh, while the user must set a password first. */
  changeRequired: 'Set a new password before going on',
} as const;

/** A new password: length rules here; the breached-password check is the server's. */
export const newPasswordSchema = z
  .string()
  .min(1, PASSWORD_MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

/** POST {users}/ body (spec part 3 §3 and §5, User create). `features` defaults to none. */
export const createUserRequestSchema = z.object({
  firstName: z.string().trim().min(1, 'First Name is required!').max(100),
  lastName: z.string().trim().min(1, 'Last Name is required!').max(100),
  emailAddress: z.string().trim().min(1, 'E-mail is required!').max(254).pipe(z.email('Invalid email format')),
  password: newPasswordSchema,
  features: z.array(z.enum(PERMISSIONS)).optional(),
  /** A platform administrator may create the user in another organization; others create in their own. */
  orgId: z.string().trim().min(1).optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const USER_CREATED_MESSAGE = 'Success';
export const EMAIL_IN_USE_MESSAGE = 'Email already in use';

export const createUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal(USER_CREATED_MESSAGE),
  data: storedUserSchema,
});

/** A refused create: the client reads data.Failed (spec part 3 §7). */
export const createUserFailedSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.object({ Failed: z.string() }),
});

export const userListResponseSchema = z.object({ success: z.literal(true), data: z.array(storedUserSchema) });

/** The client's messages of a create (spec part 3 §8). */
export const USER_CREATE_MESSAGES = { created: 'User created!', exists: 'User already exists!' } as const;

/**
 * A user as the administration screens list it: the stored user, whether the account is active, and whether the user
 * still has to replace the password an administrator gave (first sign-in password change).
 */
export const userAccountSchema = storedUserSchema.extend({
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  email: z.string(),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

/** GET {users}/?orgId= (platform administrators may name another organization; others see their own). */
export const userAccountListResponseSchema = z.object({ success: z.literal(true), data: z.array(userAccountSchema) });
export const userAccountResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: userAccountSchema });

/** PUT {users}/{id}/permissions: the user's features, replacing the old ones; they apply from the next token refresh. */
export const setPermissionsSchema = z.object({ features: z.array(z.enum(PERMISSIONS)) });
export type SetPermissions = z.infer<typeof setPermissionsSchema>;

/** PUT {users}/{id}/status: a deactivated user's sessions end at once and sign-in is refused. */
export const setUserStatusSchema = z.object({ active: z.boolean() });
export type SetUserStatus = z.infer<typeof setUserStatusSchema>;

export const USER_ADMIN_MESSAGES = {
  permissionsSaved: 'Permissions saved',
  deactivated: 'User deactivated',
  activated: 'User activated',
  notFound: 'User not found',
  /** An administrator may not deactivate their own account or take away their own administration. */
  notYourself: 'You cannot do this to your own account',
  /** Sign-in of a deactivated account (same 401 shape as a wrong password, this text). */
  inactive: 'This account is deactivated',
} as const;

/** POST {users}/me/password: the signed-in user replaces their password (required after an administrator set it). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, PASSWORD_MESSAGES.required).max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;
