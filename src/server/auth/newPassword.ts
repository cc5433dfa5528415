import { PASSWORD_MESSAGES } from '../../shared/contracts/users';
import { ApiError } from '../http/apiError';
import { isBreachedPassword } from './breachedPasswords';

/** Refuses a breached new password with 400 and the message at `field` (its length was checked by the schema). */
export async function assertNotBreached(password: string, field: string): Promise<void> {
  if (await isBreachedPassword(password)) {
    throw new ApiError(400, PASSWORD_MESSAGES.breached, {}, { [field]: [PASSWORD_MESSAGES.breached] });
  }
}
