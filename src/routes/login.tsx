import { createFileRoute } from '@tanstack/react-router';
import { guardAnonymous } from '../features/auth/route-guard';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { optionalString } from './-search';

interface LoginSearch {
  nextUrl?: string;
  /** Google's OAuth callback (code flow). */
  code?: string;
  scope?: string;
  state?: string;
}

export const Route = createFileRoute('/login')({
  staticData: { title: 'Log in' },
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    nextUrl: optionalString(search.nextUrl),
    code: optionalString(search.code),
    scope: optionalString(search.scope),
    state: optionalString(search.state),
  }),
  beforeLoad: () => guardAnonymous(),
  component: Login,
});

function Login() {
  const { nextUrl, code, scope, state } = Route.useSearch();
  return <LoginPage nextUrl={nextUrl} oauthCallback={{ code, scope, state }} />;
}
