import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDuration } from '../../../lib/dates';
import { saveBlob } from '../../../lib/save-blob';
import { scheduleReportFileName, type TestSuiteExecution } from '../../../shared/contracts/schedules';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast-queue';
import { executionDetailsSource, type ExecutionDetails, type ExecutionDetailsSource } from '../api/execution-details';
import { fetchScheduleReport } from '../api/schedule-report';
import { tagsQuery } from '../api/tags';
import { CONTROL_ROOM_MESSAGES as M } from '../control-room-messages';
import { userTimeZone } from '../schedule-form';
import { CompactTable } from './CompactTable';

/** Columns of part 2 §2 Schedule collection detail modal ('Time Competed' is the spec's wording). */
const COLUMNS = [
  { id: 'testSuiteName', header: 'Collection Name', isRowHeader: true },
  { id: 'version', header: 'Version' },
  { id: 'executedBy', header: 'Executed By' },
  { id: 'cancelledBy', header: 'Cancelled By' },
  { id: 'status', header: 'Status' },
  { id: 'devices', header: 'Resource(s)' },
  { id: 'timeStarted', header: 'Time Started' },
  { id: 'timeCompleted', header: 'Time Competed' },
  { id: 'duration', header: 'Duration' },
] as const;

/** A collection may be skipped before it has a run id, so rows are told apart by position. */
type Row = Omit<TestSuiteExecution, 'id'> & { id: number };

/** A file Export HTML saves. */
export interface ReportFile {
  fileName: string;
  blob: Blob;
}

export interface CollectionExecutionDialogProps {
  executionId: string;
  onClose: () => void;
  /** Where the firing's collections come from: the Control Room's getExecutionDetails unless given (the Operations Centre reads scheduleSummaryDetail). */
  detailsSource?: ExecutionDetailsSource;
  /** What Export HTML saves: the Control Room's schedule report zip unless given. */
  fetchReport?: (details: ExecutionDetails, timeZone: string) => Promise<ReportFile>;
}

async function controlRoomReport(details: ExecutionDetails, timeZone: string): Promise<ReportFile> {
  return {
    fileName: scheduleReportFileName({ name: details.scheduleName, id: details.execution.scheduleId }),
    blob: await fetchScheduleReport(details.execution.id, timeZone),
  };
}

/**
 * The 'Collection Execution' modal: the collections of one schedule firing and how each ran. The Control Room and the
 * Operations Centre (through its route) open this one component, each with its own fetch.
 */
export function CollectionExecutionDialog({ executionId, onClose, detailsSource, fetchReport = controlRoomReport }: CollectionExecutionDialogProps) {
  const source = detailsSource ?? executionDetailsSource(executionId);
  const details = useQuery({ queryKey: source.queryKey, queryFn: ({ signal }) => source.fetch(signal) });
  const tags = useQuery(tagsQuery());
  const zone = userTimeZone();
  const rows: Row[] = (details.data?.collections ?? []).map((collection) => ({ ...collection, id: collection.position }));

  const exportHtml = async () => {
    if (!details.data) return;
    try {
      const { fileName, blob } = await fetchReport(details.data, zone);
      saveBlob(fileName, blob);
    } catch {
      toast.error(M.exportHtmlFailed);
    }
  };

  const renderCell = (row: Row, columnId: string) => {
    switch (columnId) {
      case 'testSuiteName':
        return row.testSuiteName;
      case 'version':
        return row.versionTag === null ? '' : (tags.data?.find((tag) => tag.id === row.versionTag)?.tagName ?? row.versionTag);
      case 'executedBy':
        return row.userTriggeredName;
      case 'cancelledBy':
        return row.userCancelledName ?? '';
      case 'status':
        return row.result;
      case 'devices':
        return Object.values(row.devices).join(', ');
      case 'timeStarted':
        return formatDate(row.timeStarted, undefined, zone);
      case 'timeCompleted':
        return formatDate(row.timeCompleted, undefined, zone);
      default:
        return formatDuration(row.duration);
    }
  };

  return (
    <Dialog
      title="Collection Execution"
      isOpen
      size="extra-large"
      onDismiss={onClose}
      footer={
        <>
          <Button onPress={() => void exportHtml()} isDisabled={!details.data}>
            Export HTML
          </Button>
          <Button variant="primary" onPress={onClose}>
            Close
          </Button>
        </>
      }
    >
      {details.data && <p>{`${details.data.scheduleName}, triggered ${formatDate(details.data.execution.triggeredAt, undefined, zone)}`}</p>}
      {details.isError && <p role="alert">{details.error.message}</p>}
      <CompactTable label="Collection Execution" columns={COLUMNS} rows={rows} renderCell={renderCell} />
    </Dialog>
  );
}
