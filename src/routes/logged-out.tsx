import { createFileRoute } from '@tanstack/react-router';
import { LoggedOutPage } from '../features/auth/pages/LoggedOutPage';

export const Route = createFileRoute('/logged-out')({
  staticData: { title: 'Logged out' },
  component: LoggedOutPage,
});
