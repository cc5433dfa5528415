import { createLazyFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createLazyFileRoute('/dashboard/')({
  component: NotAvailablePage,
});
