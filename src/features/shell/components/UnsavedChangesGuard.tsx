import { useBlocker } from '@tanstack/react-router';
import { isUnsavedWarningDisabled } from '../../../lib/unsaved-warning';
import { isAuthPage } from '../layout-visibility';
import { UnsavedChangesDialog } from '../../../ui/UnsavedChangesDialog';

/**
 * Asks before leaving the current page (spec part 1 §2 embedded studio), unless the user
 * turned the warning off. Forced exits to the sign-in pages (expired session) are never held up.
 */
export function UnsavedChangesGuard() {
  const { status, proceed, reset } = useBlocker({
    shouldBlockFn: ({ next }) => !isUnsavedWarningDisabled() && !isAuthPage(next.pathname),
    withResolver: true,
  });
  return <UnsavedChangesDialog isOpen={status === 'blocked'} onConfirm={() => proceed?.()} onCancel={() => reset?.()} />;
}
