import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { ApiError, login, loginWithSso, PASSWORD_CHANGE_PATH } from '../../../lib/api-client';
import { GOOGLE_SIGN_IN_NOT_CONFIGURED, MESSAGES } from '../../../shared/constants';
import { fetchSsoConfig } from '../api/sso-config';
import { LoginForm } from '../components/LoginForm';
import { googleAuthorizationUrl, loginRedirectUri, signInCode, type OAuthCallback } from '../google-sign-in';
import { isInAppTarget, signedInTarget } from '../sign-in-target';

export interface LoginPageProps {
  nextUrl?: string;
  /** Query of Google's redirect back to /studio/login. */
  oauthCallback: OAuthCallback;
}

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : MESSAGES.accountNotFound;
}

export function LoginPage({ nextUrl, oauthCallback }: LoginPageProps) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const code = signInCode(oauthCallback);
  // StrictMode runs effects twice; an authorization code can be exchanged only once.
  const exchangedCode = useRef<string | null>(null);

  const finishSignIn = async (signIn: () => Promise<{ mustChangePassword?: boolean }>) => {
    setBusy(true);
    setError(null);
    try {
      const { mustChangePassword } = await signIn();
      // A password an administrator set is replaced first (first sign-in); the page then goes on to the usual target.
      const target = mustChangePassword ? PASSWORD_CHANGE_PATH : await signedInTarget(nextUrl);
      if (isInAppTarget(target)) router.history.replace(target);
      else window.location.assign(target);
    } catch (failure) {
      setError(failureMessage(failure));
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!code || exchangedCode.current === code) return;
    exchangedCode.current = code;
    void finishSignIn(() => loginWithSso(code, loginRedirectUri(window.location.origin)));
  });

  const startGoogleSignIn = async () => {
    setError(null);
    try {
      const { googleClientId } = await fetchSsoConfig();
      if (googleClientId) window.location.assign(googleAuthorizationUrl(googleClientId, loginRedirectUri(window.location.origin)));
      else setError(GOOGLE_SIGN_IN_NOT_CONFIGURED);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };

  return (
    <section className="auth-page">
      <div className="auth-page__card">
        <h1>Log in to the Studio</h1>
        <LoginForm error={error} isBusy={isBusy} onSubmit={(email, password) => void finishSignIn(() => login(email, password))} onGoogleSignIn={() => void startGoogleSignIn()} />
      </div>
    </section>
  );
}
