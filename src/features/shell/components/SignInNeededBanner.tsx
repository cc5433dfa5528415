import { useWorkWaitingForSignIn, workWaitingText } from '../../../offline/sign-in-needed';
import { Link } from '../../../ui/Link';
import { isAuthPage } from '../layout-visibility';
import './sign-in-banner.css';

export interface SignInNeededBannerProps {
  /** Current path relative to /studio: after signing in, the user comes back to it. */
  pathname: string;
}

/**
 * Shown when a refused token refresh paused the offline queues: how many changes and transfers wait, and how to send
 * them (sign in again). On the sign-in page the form is the action; elsewhere a link leads there and back. The link's
 * nextUrl is this app's own path, and the sign-in page checks it with the safe-redirect rules anyway.
 */
export function SignInNeededBanner({ pathname }: SignInNeededBannerProps) {
  const waiting = useWorkWaitingForSignIn();
  if (!waiting) return null;
  return (
    <div className="sign-in-banner" role="alert">
      <span>{workWaitingText(waiting)}</span>
      {!isAuthPage(pathname) && <Link href={`/login?${new URLSearchParams({ nextUrl: pathname })}`}>Sign in</Link>}
    </div>
  );
}
