import { useRouterState } from '@tanstack/react-router';
import { Spinner } from '../../../ui/ProgressBar';

/** Covers the page while route guards and loaders run (spec part 1 §2 page spinner overlay). */
export function PageSpinner() {
  const isLoading = useRouterState({ select: (state) => state.status === 'pending' });
  if (!isLoading) return null;
  return (
    <div className="page-spinner">
      <Spinner label="Loading page" size="large" />
    </div>
  );
}
