import { APP_BASE_PATH } from '../../shared/endpoints';

const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
/** The OAuth state that marks a Google callback as a sign-in (spec part 1 §7 Auth). */
export const LOGIN_STATE = 'from_login';

/** Google sends the user back to the login page, which finishes the sign-in. */
export function loginRedirectUri(origin: string): string {
  return `${origin}${APP_BASE_PATH}/login`;
}

/** Google's authorization page for the code flow with the profile and email scopes. */
export function googleAuthorizationUrl(clientId: string, redirectUri: string): string {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'profile email',
    state: LOGIN_STATE,
    prompt: 'select_account',
  });
  return `${GOOGLE_AUTHORIZATION_URL}?${query.toString()}`;
}

export interface OAuthCallback {
  code?: string;
  scope?: string;
  state?: string;
}

/** The authorization code of a Google sign-in callback, or null for anything else (e.g. a mail-account link). */
export function signInCode(callback: OAuthCallback): string | null {
  return callback.code && callback.state === LOGIN_STATE ? callback.code : null;
}
