import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DASHBOARD_MESSAGES } from '../../../shared/contracts/dashboards';
import { hasPermission } from '../../../shared/permissions';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { Link } from '../../../ui/Link';
import { Spinner } from '../../../ui/ProgressBar';
import { reportListQuery } from '../api/reports';
import './ReportListPage.css';

export const NEW_REPORT_PATH = '/dashboards-edit/BLANK';
export const editReportPath = (id: string) => `/dashboards-edit/${encodeURIComponent(id)}`;
export const viewReportPath = (id: string) => `/dashboards/${encodeURIComponent(id)}`;

/**
 * The saved reports (part 3 §2 Report list): each title links to its edit screen, with a link to its published view.
 * Only DASHBOARD_MANAGEMENT holders may edit or start a report; a DASHBOARD_PUBLISHED viewer gets the views alone.
 * `note` goes under the heading (the /dashboard home's word on the operations dashboard).
 */
export function ReportListPage({ note }: { note?: ReactNode }) {
  const reports = useQuery(reportListQuery());
  const { data: user } = useQuery(userDetailsQueryOptions());
  const canManage = hasPermission(user?.permissions.features, 'DASHBOARD_MANAGEMENT');

  return (
    <section className="page report-list" aria-labelledby="report-list-heading">
      <header className="report-list__header">
        <h2 id="report-list-heading">Saved reports</h2>
        {canManage && (
          <Link href={NEW_REPORT_PATH} variant="plain" className="ui-button ui-button--primary">
            New report
          </Link>
        )}
      </header>
      {note}
      {reports.isPending && <Spinner label="Loading the reports" />}
      {reports.isError && !reports.data && (
        <p className="report-list__note report-list__note--error" role="alert">
          {DASHBOARD_MESSAGES.reportsFailed}
        </p>
      )}
      {reports.data?.length === 0 && (
        <p className="report-list__note" role="status">
          {DASHBOARD_MESSAGES.noDashboards}
        </p>
      )}
      {reports.data && reports.data.length > 0 && (
        <ul className="report-list__items" aria-label="Saved reports">
          {reports.data.map((report) => (
            <li key={report.id} className="report-list__item">
              {canManage ? (
                <Link href={editReportPath(report.id)} aria-label={`Edit ${report.title}`} className="report-list__title">
                  {report.title}
                </Link>
              ) : (
                <span className="report-list__title">{report.title}</span>
              )}
              <span className="report-list__meta">
                {report.settings.timeFrame.name} · {report.elements.length} {report.elements.length === 1 ? 'element' : 'elements'} · updated{' '}
                <time dateTime={report.dateUpdated}>{formatDate(report.dateUpdated, DATE_FORMATS.report)}</time>
              </span>
              <Link href={viewReportPath(report.id)} aria-label={`View ${report.title}`}>
                View
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
