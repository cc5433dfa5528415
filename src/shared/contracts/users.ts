import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { storedUserSchema } from './auth';

/** POST {users}/ body (spec part 3 §3 and §5, User create). `features` defaults to none. */
export const createUserRequestSchema = z.object({
  firstName: z.string().trim().min(1, 'First Name is required!').max(100),
  lastName: z.string().trim().min(1, 'Last Name is required!').max(100),
  emailAddress: z.string().trim().min(1, 'E-mail is required!').max(254).pipe(z.email('Invalid email format')),
  password: z.string().min(1, 'Password is required!').max(1024),
  features: z.array(z.enum(PERMISSIONS)).optional(),
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
