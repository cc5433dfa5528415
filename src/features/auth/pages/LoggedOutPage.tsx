import { Link } from '../../../ui/Link';

export function LoggedOutPage() {
  return (
    <section className="auth-page">
      <div className="auth-page__card">
        <h1>You have been logged out</h1>
        <p>You were logged out because your session expired or you logged out.</p>
        <Link href="/login">Log in again</Link>
      </div>
    </section>
  );
}
