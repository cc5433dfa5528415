import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { configQueryOptions } from '../../../lib/config';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { saveBlob } from '../../../lib/save-blob';
import { flags } from '../../../shared/config';
import type { RunDetails } from '../../../shared/contracts/runs';
import { RETENTION_MESSAGES } from '../../../shared/contracts/retention';
import { Button } from '../../../ui/Button';
import { ExportCsvDialog } from '../../../ui/DataTable/ExportCsvDialog';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/ProgressBar';
import { toast } from '../../../ui/toast-queue';
import { fetchHtmlReport } from '../api/html-report';
import { runDetailsQuery } from '../api/run-details';
import { REPORT_MESSAGES } from '../report-messages';
import { FLOW_DETAIL_CSV_COLUMNS, flowDetailRows, logsText, reportExportText, type FlowDetailRow } from '../report-rows';
import { AttachmentButton } from './AttachmentButton';
import { ExportTextDialog } from './ExportTextDialog';
import { FailureLabelPicker } from './FailureLabelPicker';
import { FlowDetailTable, RemovedFile } from './FlowDetailTable';
import { FlowHistorySection } from './FlowHistorySection';
import { LogsDialog } from './LogsDialog';
import { QuarantinedFailures } from './QuarantinedFailures';
import { RetriedFlows } from './RetriedFlows';
import './reports.css';

export interface CollectionReportModalProps {
  statusId: string;
  onClose: () => void;
  /** A control on each failed step (e.g. the issue tracker's Create Issue), composed by the route. */
  failedStepAction?: FailedStepAction | undefined;
}

export type FailedStepAction = (row: FlowDetailRow, details: RunDetails) => ReactNode;

type SubDialog = 'export' | 'csv' | 'logs' | null;

async function exportHtml(details: RunDetails): Promise<void> {
  try {
    saveBlob(`${details.testSuiteName}.html`, await fetchHtmlReport(details.statusId));
  } catch {
    toast.error(REPORT_MESSAGES.htmlExportFailed);
  }
}

interface ReportDetailsProps {
  details: RunDetails;
  failedStepAction?: FailedStepAction | undefined;
  /** Shows another run's report in this dialog (a mark of a flow's history). */
  onOpenRun: (statusId: string) => void;
}

function ReportDetails({ details, failedStepAction, onOpenRun }: ReportDetailsProps) {
  const { data: config = {} } = useQuery(configQueryOptions);
  const [open, setOpen] = useState<SubDialog>(null);
  const rows = flowDetailRows(details);
  const close = () => setOpen(null);

  return (
    <>
      <dl className="report-details">
        <div>
          <dt>Collection Name</dt>
          <dd>{details.testSuiteName}</dd>
        </div>
        <div>
          <dt>Collection Id</dt>
          <dd>{details.collectionId}</dd>
        </div>
        <div>
          <dt>Test Status</dt>
          <dd>{details.testStatus}</dd>
        </div>
        <div>
          <dt>Resources</dt>
          <dd>{details.displayDevices}</dd>
        </div>
        <div>
          <dt>Triggered By</dt>
          <dd>{details.triggeredByName}</dd>
        </div>
        {flags.jira(config) && (
          <div>
            <dt>Scenario</dt>
            <dd>{details.scenario ?? 'None'}</dd>
          </div>
        )}
        {details.progress.videoMessage && (
          <div>
            <dt>Video</dt>
            <dd>{details.progress.videoMessage}</dd>
          </div>
        )}
        {details.attachments.length > 0 && (
          <div>
            <dt>Attachments</dt>
            <dd>
              {details.artifactsRemovedAt ? (
                <RemovedFile message={RETENTION_MESSAGES.attachmentRemoved} />
              ) : (
                details.attachments.map((file) => <AttachmentButton key={file.path} file={file} />)
              )}
            </dd>
          </div>
        )}
      </dl>
      {details.testStatus === 'FAILED' && <FailureLabelPicker statusId={details.statusId} />}
      <div className="report-actions">
        <Button onPress={() => setOpen('logs')}>View Logs</Button>
        <Button onPress={() => saveBlob(`${details.testSuiteName}-logs.txt`, new Blob([logsText(details)], { type: 'text/plain;charset=utf-8' }))}>Download Logs</Button>
        <Button onPress={() => setOpen('export')}>Export</Button>
        <Button onPress={() => void exportHtml(details)}>Export HTML</Button>
        <Button onPress={() => setOpen('csv')}>Export CSV</Button>
      </div>
      <FlowHistorySection collectionId={details.collectionId} statusId={details.statusId} onOpenRun={onOpenRun} />
      <QuarantinedFailures failures={details.quarantinedFailures} />
      <RetriedFlows flows={details.testCaseDetails} />
      <FlowDetailTable rows={rows} artifactsRemoved={details.artifactsRemovedAt !== null} failedStepAction={failedStepAction && ((row) => failedStepAction(row, details))} />
      {open === 'export' && <ExportTextDialog defaultContent={reportExportText(details)} defaultFileName={details.testSuiteName} onClose={close} />}
      {open === 'csv' && (
        <ExportCsvDialog defaultFileName={details.testSuiteName} onExport={(fileName) => downloadCsv(fileName, toCsv(FLOW_DETAIL_CSV_COLUMNS, rows))} onClose={close} />
      )}
      {open === 'logs' && <LogsDialog logs={logsText(details)} fileName={`${details.testSuiteName}-logs.txt`} onClose={close} />}
    </>
  );
}

/** The extra-large collection report of one run (spec part 1 §2 Collection report modals). */
export function CollectionReportModal({ statusId, onClose, failedStepAction }: CollectionReportModalProps) {
  // The run shown: the one asked for, until a history mark opens another (asked for a new one, it shows that).
  const [shown, setShown] = useState({ asked: statusId, statusId });
  const shownStatusId = shown.asked === statusId ? shown.statusId : statusId;
  const { data: details, error } = useQuery({ ...runDetailsQuery(shownStatusId), placeholderData: keepPreviousData });
  return (
    <Dialog title="Collection Report" isOpen onDismiss={onClose} size="extra-large" footer={<Button onPress={onClose}>Close</Button>}>
      {details ? <ReportDetails details={details} failedStepAction={failedStepAction} onOpenRun={(id) => setShown({ asked: statusId, statusId: id })} /> : error ? <p role="alert">{error.message}</p> : <Spinner label="Loading report" />}
    </Dialog>
  );
}
