import { Link } from '../../../ui/Link';

/** Landing page of an account that holds none of the permissions that open an area. */
export function NoAreasPage() {
  return (
    <section className="page page--no-areas">
      <h2>No areas are available to your account</h2>
      <p>Your account has no permission for the Studio, Control Room, Operations Centre, dashboards or Configuration Management. Ask your organization administrator to grant you access.</p>
      <Link href="/logout">Log out</Link>
    </section>
  );
}
