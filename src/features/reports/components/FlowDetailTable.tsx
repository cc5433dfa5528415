import { useState, type ReactNode } from 'react';
import { RETENTION_MESSAGES } from '../../../shared/contracts/retention';
import type { FileRef } from '../../../shared/contracts/runs';
import { Button } from '../../../ui/Button';
import { Table, type TableColumn } from '../../../ui/Table';
import { CutText } from '../../../ui/Tooltip';
import type { FlowDetailRow } from '../report-rows';
import { AttachmentButton } from './AttachmentButton';
import { ImagePreviewDialog } from './ImagePreviewDialog';

// Notes (a failure's expected, found and selector) take most of the room; ids and names are cut, whole on focus or hover.
const COLUMNS: readonly TableColumn[] = [
  { id: 'flowName', header: 'Flow Name', isRowHeader: true, width: '1fr' },
  { id: 'flowLoop', header: 'Flow Loop', width: 90 },
  { id: 'attempt', header: 'Attempt', width: 150 },
  { id: 'stepId', header: 'Step Id', width: 100 },
  { id: 'stepName', header: 'Step Name', width: '1.4fr' },
  { id: 'result', header: 'Result', width: 105 },
  { id: 'notes', header: 'Notes', width: '3.5fr' },
  { id: 'images', header: 'Image Link', width: 110 },
  { id: 'attachments', header: 'Attachments', width: 135 },
];
/** The Attempt column shows only in a run where a flow was retried. */
const columnsFor = (rows: readonly FlowDetailRow[]): readonly TableColumn[] =>
  rows.some((row) => row.attemptLabel !== null) ? COLUMNS : COLUMNS.filter((column) => column.id !== 'attempt');
/** Notes show this many lines; a longer one shows whole on focus or hover. */
const NOTES_LINES = 4;

/** A cross before FAILED: the failed row stands out by shape and weight, not by its colour alone. */
function FailedMark() {
  return (
    <svg className="report-result__mark" width={12} height={12} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 2 L10 10 M10 2 L2 10" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" />
    </svg>
  );
}

/** Where a file was once the retention purge removed it: a line of text, not a link to a broken image. */
export function RemovedFile({ message }: { message: string }) {
  return <span className="report-removed">{message}</span>;
}

/**
 * The report's flow detail table: one row per executed step of each flow loop (of each attempt of a retried flow,
 * named in an Attempt column); a failed step's row is marked.
 * `failedStepAction` adds a control to each failed step's Result cell (the route composes the issue tracker's).
 * `artifactsRemoved`: the retention purge removed the run's files, and the cells say so where they were. */
export function FlowDetailTable({
  rows,
  failedStepAction,
  artifactsRemoved = false,
}: {
  rows: readonly FlowDetailRow[];
  failedStepAction?: ((row: FlowDetailRow) => ReactNode) | undefined;
  artifactsRemoved?: boolean;
}) {
  const [image, setImage] = useState<FileRef | null>(null);

  const renderCell = (row: FlowDetailRow, columnId: string) => {
    switch (columnId) {
      case 'flowName':
        return <CutText text={row.flowName} />;
      case 'flowLoop':
        return row.flowLoop;
      case 'attempt':
        return row.attemptLabel ?? row.attempt;
      case 'stepId':
        return <CutText text={row.stepId} />;
      case 'stepName':
        return <CutText text={row.stepName} />;
      case 'result':
        return (
          <>
            <span className={`report-result report-result--${row.result.toLowerCase()}`}>
              {row.result === 'FAILED' && <FailedMark />}
              {row.result}
            </span>
            {row.result === 'FAILED' && failedStepAction?.(row)}
          </>
        );
      case 'notes':
        return <CutText text={row.notes} lines={NOTES_LINES} />;
      case 'images':
        if (artifactsRemoved) return row.images.length > 0 && <RemovedFile message={RETENTION_MESSAGES.screenshotRemoved} />;
        return row.images.map((file, index) => (
          // The name starts with the text shown, so speech input finds it by what it reads (WCAG 2.5.3).
          <Button key={file.path} variant="ghost" onPress={() => setImage(file)} aria-label={`Image ${index + 1}: ${file.name}`}>
            {`Image ${index + 1}`}
          </Button>
        ));
      case 'attachments':
        if (artifactsRemoved) return row.attachments.length > 0 && <RemovedFile message={RETENTION_MESSAGES.attachmentRemoved} />;
        return row.attachments.map((file) => <AttachmentButton key={file.path} file={file} />);
      default:
        return null;
    }
  };

  return (
    <>
      <div className="report-flow-table">
        <Table label="Flow details" columns={columnsFor(rows)} rows={rows} renderCell={renderCell} rowClassName={(row) => (row.result === 'FAILED' ? 'report-row--failed' : undefined)} />
      </div>
      {image && <ImagePreviewDialog image={image} onClose={() => setImage(null)} />}
    </>
  );
}
