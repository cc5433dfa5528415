import { logout } from '../../lib/api-client';
import { LOGOUT_REDIRECT_DELAY_MS, MESSAGES } from '../../shared/constants';
import { toast } from '../../ui/toast-queue';

/**
 * The logout route's work (spec part 1 §2): the toast, the logout itself (best effort offline),
 * then the login page after LOGOUT_REDIRECT_DELAY_MS.
 */
export function startLogout(resetState: () => void, goToLogin: () => void): void {
  toast.success(MESSAGES.loggedOut, { timeout: LOGOUT_REDIRECT_DELAY_MS + 2_000 });
  void logout().finally(resetState);
  setTimeout(goToLogin, LOGOUT_REDIRECT_DELAY_MS);
}
