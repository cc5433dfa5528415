import { notAvailableText } from '../not-available';
import { usePageTitle } from '../route-meta';

/** The one placeholder for routes whose screens later issues build; their guards already apply. */
export function NotAvailablePage() {
  const title = usePageTitle() ?? 'This page';
  return (
    <section className="page page--placeholder">
      <p>{notAvailableText(title)}</p>
    </section>
  );
}
