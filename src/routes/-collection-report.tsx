import { lazy } from 'react';
import { fileIssueAction } from './-issue-tracker-action';

// Reports load apart from the entry, so the sign-in page stays within its JS budget.
const CollectionReportModal = lazy(() => import('../features/reports/components/CollectionReportModal').then((module) => ({ default: module.CollectionReportModal })));

/** The collection report of one run, with the issue tracker's Create Issue on its failed steps; render inside Suspense. */
export function CollectionReport({ statusId, onClose }: { statusId: string; onClose: () => void }) {
  return <CollectionReportModal statusId={statusId} onClose={onClose} failedStepAction={fileIssueAction} />;
}
