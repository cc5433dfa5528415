import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TimeFrame } from '../../../shared/contracts/dashboards';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { errorText } from '../../../lib/error-messages';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { Spinner } from '../../../ui/ProgressBar';
import { reportQuery } from '../api/reports';
import { ReportGrid } from '../components/ReportGrid';
import { TimeFrameSelector } from '../../../ui/TimeFrameSelector';
import { currentTimeFrame } from '../../../lib/time-frame';
import './ReportViewPage.css';

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
        <p className="report-view__error" role="alert">
          {errorText(report.error)}
        </p>
      </section>
    );
  }
  const { title, dateUpdated, settings, elements } = report.data;
  const timeFrame = viewedFrame ?? currentTimeFrame(settings.timeFrame);

  return (
    <section className="page report-view" aria-labelledby="report-view-title">
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
