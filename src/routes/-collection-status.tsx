import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { configQueryOptions } from '../lib/config';
import { getSession, subscribeSession } from '../lib/session';
import { collectionProgress } from '../features/shell/collection-progress-store';
import { RootLayout } from '../features/shell/components/RootLayout';
import { useLinkedReport } from './-linked-report';
import { useSavedReports } from './-saved-reports';
import { CollectionReport } from './-collection-report';

// Run and import/export panels and reports load apart from the entry, so the sign-in page stays within its JS budget.
const RunningCollectionsPanel = lazy(() => import('../features/runs/components/RunningCollectionsPanel').then((module) => ({ default: module.RunningCollectionsPanel })));
const LastCompletedPanel = lazy(() => import('../features/runs/components/LastCompletedPanel').then((module) => ({ default: module.LastCompletedPanel })));
const CollectionProgressWatcher = lazy(() =>
  import('../features/runs/components/CollectionProgressWatcher').then((module) => ({ default: module.CollectionProgressWatcher })),
);
const RunEndNotifier = lazy(() => import('../features/runs/components/RunEndNotifier').then((module) => ({ default: module.RunEndNotifier })));
const ImportExportSlot = lazy(() => import('./-importexport-panels').then((module) => ({ default: module.ImportExportSlot })));
const PendingImportsSlot = lazy(() => import('./-importexport-panels').then((module) => ({ default: module.PendingImportsSlot })));
const DownloadQueuePanel = lazy(() => import('./-importexport-panels').then((module) => ({ default: module.DownloadQueuePanel })));
const ImportExportWatcher = lazy(() => import('./-importexport-panels').then((module) => ({ default: module.ImportExportWatcher })));
const CollectionRecordingPanel = lazy(() => import('./-recording-panels').then((module) => ({ default: module.CollectionRecordingPanel })));
const RecordingCollectionsPanel = lazy(() => import('./-recording-panels').then((module) => ({ default: module.RecordingCollectionsPanel })));
const RecordingWatcherSlot = lazy(() => import('./-recording-panels').then((module) => ({ default: module.RecordingWatcherSlot })));
const VariablesPopupContent = lazy(() => import('./-variables-screen').then((module) => ({ default: module.VariablesPopupContent })));
const EmailSetupPopupContent = lazy(() => import('./-email-setup-popup').then((module) => ({ default: module.EmailSetupPopupContent })));

// The settings menu's modals show the variables and email features, which the shell may not import.
const settingsPopups = {
  'manage-variable': (
    <Suspense fallback={null}>
      <VariablesPopupContent />
    </Suspense>
  ),
  'email-setup': (
    <Suspense fallback={null}>
      <EmailSetupPopupContent />
    </Suspense>
  ),
};

const isSignedIn = () => getSession() !== null;

/** The root layout with the run and import/export panels of the status sidebar, and what they open. */
export function RootWithCollectionStatus() {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const { data: config = {} } = useQuery(configQueryOptions);
  const [reportStatusId, setReportStatusId] = useState<string | null>(null);
  useLinkedReport(signedIn, setReportStatusId);
  const savedReports = useSavedReports(signedIn);

  const statusPanels = useMemo(
    () =>
      signedIn
        ? {
            'last-completed': (
              <Suspense fallback={null}>
                <LastCompletedPanel config={config} onOpenReport={setReportStatusId} />
              </Suspense>
            ),
            running: (
              <Suspense fallback={null}>
                <RunningCollectionsPanel />
              </Suspense>
            ),
            'import-export': (
              <Suspense fallback={null}>
                <ImportExportSlot />
              </Suspense>
            ),
            'pending-imports': (
              <Suspense fallback={null}>
                <PendingImportsSlot />
              </Suspense>
            ),
            downloads: (
              <Suspense fallback={null}>
                <DownloadQueuePanel />
              </Suspense>
            ),
            recording: (
              <Suspense fallback={null}>
                <CollectionRecordingPanel />
              </Suspense>
            ),
            recordings: (
              <Suspense fallback={null}>
                <RecordingCollectionsPanel />
              </Suspense>
            ),
          }
        : undefined,
    [signedIn, config],
  );

  const overlay = signedIn ? (
    <Suspense fallback={null}>
      <CollectionProgressWatcher onInProgressChange={collectionProgress.set} />
      <RunEndNotifier onOpenReport={setReportStatusId} />
      <ImportExportWatcher />
      <RecordingWatcherSlot />
      {reportStatusId !== null && <CollectionReport statusId={reportStatusId} onClose={() => setReportStatusId(null)} />}
    </Suspense>
  ) : null;

  const queryClient = useQueryClient();
  const importFile = (file: File) =>
    void import('../features/importexport/import-collection-file').then(({ importCollectionFile }) => importCollectionFile(queryClient, file));

  return <RootLayout statusPanels={statusPanels} overlay={overlay} onImportFile={importFile} settingsPopups={settingsPopups} savedReports={savedReports} />;
}
