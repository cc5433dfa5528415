import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { configQueryOptions } from '../lib/config';
import { flags } from '../shared/config';
import { StudioTransferButtons } from '../features/importexport/components/StudioTransferButtons';
import { deviceNamesQuery } from '../features/resources/api/devices';
import { openCollectionImportPicker } from '../features/shell/components/CollectionImportInput';
import { UnsavedChangesGuard } from '../features/shell/components/UnsavedChangesGuard';
import { StudioPage } from '../features/studio/pages/StudioPage';
import { useStudioDirty } from '../features/studio/studio-dirty';
import { FlowHistorySection } from '../features/reports/components/FlowHistorySection';
import { CollectionReport } from './-collection-report';
import { useFlowHistoryFollowsRuns } from './-flow-history-follows-runs';
import { useShowStartedRun } from './-run-started';

/**
 * The Studio with the unsaved-changes guard, mounted only while the form holds unsaved edits, Resource Management's
 * device list for choosing a collection's resources, and Import and Export in its toolbar when collectionImportExport
 * is on, and each saved collection's flow history, read again as runs end, whose marks open a run's report (features
 * do not import each other).
 */
export function StudioScreen() {
  const isDirty = useStudioDirty();
  // Resource names are what the Studio needs: no 5 s status poll here.
  const resources = useQuery(deviceNamesQuery());
  const { data: config = {} } = useQuery(configQueryOptions);
  const transfers = flags.collectionImportExport(config);
  const showStartedRun = useShowStartedRun();
  const [reportStatusId, setReportStatusId] = useState<string | null>(null);
  useFlowHistoryFollowsRuns();
  return (
    <>
      <StudioPage
        resources={{ data: resources.data, status: resources.status }}
        onRunStarted={showStartedRun}
        flowHistory={(collectionId) => <FlowHistorySection collectionId={collectionId} onOpenRun={setReportStatusId} headingLevel={2} />}
        toolbarExtras={transfers ? (open) => <StudioTransferButtons collection={open} onImport={openCollectionImportPicker} /> : undefined}
      />
      {isDirty && <UnsavedChangesGuard />}
      {reportStatusId !== null && (
        <Suspense fallback={null}>
          <CollectionReport statusId={reportStatusId} onClose={() => setReportStatusId(null)} />
        </Suspense>
      )}
    </>
  );
}
