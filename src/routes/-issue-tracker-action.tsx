import { lazy, Suspense } from 'react';
import type { FailedStepAction } from '../features/reports/components/CollectionReportModal';
import { failedStepRef } from '../features/issue-tracker/issue-form';

// Loaded with the first report that shows a failed step, not with the entry.
const FileIssueButton = lazy(() => import('../features/issue-tracker/components/FileIssueButton').then((module) => ({ default: module.FileIssueButton })));

/** The issue tracker's Create Issue on a failed step of a collection report (features do not import each other). */
export const fileIssueAction: FailedStepAction = (row, details) => (
  <Suspense fallback={null}>
    <FileIssueButton step={failedStepRef(row, details)} />
  </Suspense>
);
