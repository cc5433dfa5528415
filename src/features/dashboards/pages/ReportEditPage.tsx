import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { Spinner } from '../../../ui/ProgressBar';
import { reportQuery } from '../api/reports';
import { ReportEditor, type ReportEditorProps } from '../editor/ReportEditor';
import { blankDraft, draftOf, layoutSize } from '../editor/report-draft';

export interface ReportEditPageProps extends Pick<ReportEditorProps, 'onDirtyChange' | 'onCreated' | 'onDeleted'> {
  /** The report to edit, or null for a new blank one (route type BLANK). */
  reportId: string | null;
  /** {layout} of the route: the size new elements take. */
  layout?: string;
}

/**
 * Routes dashboards-edit/{type}[/{layout}] and reportSaver/{type}[/{layout}] (part 3 §2). A report this screen has
 * just created stays in the same editor when the route moves to its id, instead of being loaded again.
 */
export function ReportEditPage({ reportId, layout, onCreated, ...handlers }: ReportEditPageProps) {
  const user = useQuery(userDetailsQueryOptions());
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [blank] = useState(() => blankDraft());
  const orgId = user.data?.orgId ?? '';
  const common = { orgId, newElementSize: layoutSize(layout), ...handlers };
  if (reportId === null || reportId === createdId) {
    return (
      <ReportEditor
        {...common}
        id={null}
        initial={blank}
        onCreated={(id) => {
          setCreatedId(id);
          onCreated?.(id);
        }}
      />
    );
  }
  return <SavedReportEditor reportId={reportId} {...common} />;
}

function SavedReportEditor({ reportId, ...props }: Omit<ReportEditorProps, 'id' | 'initial' | 'onCreated'> & { reportId: string }) {
  const report = useQuery(reportQuery(reportId));
  if (report.data) return <ReportEditor key={reportId} id={reportId} initial={draftOf(report.data)} {...props} />;
  if (report.error) return <p role="alert">{report.error.message}</p>;
  return <Spinner label="Loading the report" />;
}
