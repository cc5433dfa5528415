import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag, requirePermission } from '../features/auth/guards';
import { UnsavedChangesGuard } from '../features/shell/components/UnsavedChangesGuard';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';
import { flags } from '../shared/config';

export const Route = createFileRoute('/automation-studio')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('STUDIO'), requireFlag(flags.studioEnabled)),
  component: AutomationStudio,
});

function AutomationStudio() {
  return (
    <>
      <NotAvailablePage />
      <UnsavedChangesGuard />
    </>
  );
}
