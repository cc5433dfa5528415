import { useState, type ReactNode } from 'react';
import type { FileRef } from '../../../shared/contracts/runs';
import { Button } from '../../../ui/Button';
import { Table, type TableColumn } from '../../../ui/Table';
import type { FlowDetailRow } from '../report-rows';
import { AttachmentButton } from './AttachmentButton';
import { ImagePreviewDialog } from './ImagePreviewDialog';

const COLUMNS: readonly TableColumn[] = [
  { id: 'flowName', header: 'Flow Name', isRowHeader: true },
  { id: 'flowLoop', header: 'Flow Loop', width: 100 },
  { id: 'stepId', header: 'Step Id', width: 100 },
  { id: 'stepName', header: 'Step Name' },
  { id: 'result', header: 'Result', width: 100 },
  { id: 'notes', header: 'Notes' },
  { id: 'images', header: 'Image Link', width: 130 },
  { id: 'attachments', header: 'Attachments', width: 160 },
];

/** The report's flow detail table: one row per executed step of each flow loop. */
/** `failedStepAction` adds a control to each failed step's Result cell (the route composes the issue tracker's). */
export function FlowDetailTable({ rows, failedStepAction }: { rows: readonly FlowDetailRow[]; failedStepAction?: ((row: FlowDetailRow) => ReactNode) | undefined }) {
  const [image, setImage] = useState<FileRef | null>(null);

  const renderCell = (row: FlowDetailRow, columnId: string) => {
    switch (columnId) {
      case 'flowName':
        return row.flowName;
      case 'flowLoop':
        return row.flowLoop;
      case 'stepId':
        return row.stepId;
      case 'stepName':
        return row.stepName;
      case 'result':
        return (
          <>
            <span className={`report-result report-result--${row.result.toLowerCase()}`}>{row.result}</span>
            {row.result === 'FAILED' && failedStepAction?.(row)}
          </>
        );
      case 'notes':
        return row.notes;
      case 'images':
        return row.images.map((file, index) => (
          // The name starts with the text shown, so speech input finds it by what it reads (WCAG 2.5.3).
          <Button key={file.path} variant="ghost" onPress={() => setImage(file)} aria-label={`Image ${index + 1}: ${file.name}`}>
            {`Image ${index + 1}`}
          </Button>
        ));
      case 'attachments':
        return row.attachments.map((file) => <AttachmentButton key={file.path} file={file} />);
      default:
        return null;
    }
  };

  return (
    <>
      <Table label="Flow details" columns={COLUMNS} rows={rows} renderCell={renderCell} />
      {image && <ImagePreviewDialog image={image} onClose={() => setImage(null)} />}
    </>
  );
}
