import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TimeFrame } from '../../../shared/contracts/dashboards';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { errorText } from '../../../lib/error-messages';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { hasPermission } from '../../../shared/permissions';
import { Link } from '../../../ui/Link';
import { Spinner } from '../../../ui/ProgressBar';
import { reportQuery } from '../api/reports';
import { ReportGrid } from '../components/ReportGrid';
import { TimeFrameSelector } from '../../../ui/TimeFrameSelector';
import { currentTimeFrame } from '../../../lib/time-frame';
import { editReportPath } from './ReportListPage';
import './ReportViewPage.css';

/** Where the published view leads back to: Publish opens it in a new window, which has no history to go back through. */
export const REPORT_LIST_PATH = '/dashboards';
export const REPORT_VIEW_LINKS = { list: 'All dashboards', edit: 'Edit this report' } as const;

/** The way out of the published view: the report list, and the report's edit screen for those who may edit. */
function ReportViewNavigation({ editId }: { editId: string | null }) {
  return (
    <nav className="report-view__nav" aria-label="Dashboards">
      <Link href={REPORT_LIST_PATH}>
        <span aria-hidden="true">← </span>
        {REPORT_VIEW_LINKS.list}
      </Link>
      {editId !== null && <Link href={editReportPath(editId)}>{REPORT_VIEW_LINKS.edit}</Link>}
    </nav>
  );
}

export interface ReportViewPageProps {
  id: string;
}

/**
 * One report (part 3 §2 Report view), as Publish opens it: title, date, the time frame selector and the elements by
 * size. The viewer may look at another frame; that choice stays on this screen and never changes the saved report.
 */
export function ReportViewPage({ id }: ReportViewPageProps) {
  const report = useQuery(reportQuery(id));
  const { data: user } = useQuery(userDetailsQueryOptions());
  const [viewedFrame, setViewedFrame] = useState<TimeFrame | null>(null);

  if (report.isPending) return <Spinner label="Loading the report" size="large" />;
  if (report.isError) {
    return (
      <section className="page report-view">
        <ReportViewNavigation editId={null} />
        <p className="report-view__error" role="alert">
          {errorText(report.error)}
        </p>
      </section>
    );
  }
  const { title, dateUpdated, settings, elements } = report.data;
  const timeFrame = viewedFrame ?? currentTimeFrame(settings.timeFrame);
  const canEdit = hasPermission(user?.permissions.features, 'DASHBOARD_MANAGEMENT');

  return (
    <section className="page report-view" aria-labelledby="report-view-title">
      <ReportViewNavigation editId={canEdit ? id : null} />
      <header className="report-view__header">
        <div>
          <h2 id="report-view-title" className="report-view__title">
            {title}
          </h2>
          <p className="report-view__date">
            <time dateTime={dateUpdated}>{formatDate(dateUpdated, DATE_FORMATS.report)}</time>
          </p>
        </div>
        <TimeFrameSelector value={timeFrame} onChange={setViewedFrame} />
      </header>
      {user ? <ReportGrid elements={elements} orgId={user.orgId} settings={{ ...settings, timeFrame }} /> : <Spinner label="Loading the report" />}
    </section>
  );
}
