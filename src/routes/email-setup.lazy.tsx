import { createLazyFileRoute, useNavigate } from '@tanstack/react-router';
import { EmailSetupPage } from '../features/email/pages/EmailSetupPage';

export const Route = createLazyFileRoute('/email-setup')({
  component: EmailSetupScreen,
});

function EmailSetupScreen() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/email-setup' });
  return (
    <EmailSetupPage
      tab={search.tab}
      onTabChange={(tab) => void navigate({ search: { tab }, replace: true })}
      accountResult={search.account ? { outcome: search.account, message: search.message } : undefined}
    />
  );
}
