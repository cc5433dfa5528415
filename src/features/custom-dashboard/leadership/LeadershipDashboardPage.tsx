import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { defaultTimeFrame } from '../../../lib/time-frame';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { DISPLAY_TOKEN_MESSAGES } from '../../../shared/contracts/custom-dashboard';
import { LEADERSHIP_DASHBOARD_TITLE } from '../../../shared/contracts/dashboards';
import { hasPermission } from '../../../shared/permissions';
import type { DashboardAccess } from '../api/access';
import { projectListQuery } from '../api/projects';
import { OverallSection } from '../components/OverallSection';
import { TestPlanSection } from '../components/TestPlanSection';
import { ShareOnDisplayButton } from '../display-tokens/ShareOnDisplayButton';
import { DashboardExportButton } from '../export/DashboardExportButton';
import { isRefusedDisplay } from './leadership-access';
import './leadership.css';

export const LEADERSHIP_MESSAGES = {
  askForNewLink: 'Ask a dashboard manager for a new display link.',
} as const;

export interface LeadershipDashboardPageProps {
  access: DashboardAccess;
  /** The link's dashboardId or the saved report's id: it names the export files (part 3 §2). */
  dashboardId: string;
  /** The saved report a manager may share on a display; absent on a display, which cannot share itself. */
  reportId?: string;
}

/**
 * The leadership dashboard (part 3 §2): the overall section and the test plan section, read-only, without the side
 * menu, header and collection sidebar (the shell hides them on this path). A display reads through the shared calls
 * with its token; a token the server refuses (revoked, unknown) gets a page that says so instead of stale figures.
 */
export function LeadershipDashboardPage({ access, dashboardId, reportId }: LeadershipDashboardPageProps) {
  const view = useRef<HTMLElement>(null);
  // The sections read the same list (one cache entry): its answer tells whether the display's link is still good.
  const projects = useQuery(projectListQuery(access));
  // Each section keeps its own frame, as on the operations dashboard; a preset follows today on a display left running.
  const [overallFrame, setOverallFrame] = useState(() => defaultTimeFrame());
  const [planFrame, setPlanFrame] = useState(() => defaultTimeFrame());
  const { data: user } = useQuery({ ...userDetailsQueryOptions(), enabled: access.kind === 'session' });
  const canShare = access.kind === 'session' && reportId !== undefined && hasPermission(user?.permissions.features, 'DASHBOARD_MANAGEMENT');

  if (projects.isError && isRefusedDisplay(access, projects.error)) return <RefusedDisplayLink />;

  return (
    <section ref={view} className="page leadership" aria-labelledby="leadership-title">
      <div className="leadership__header">
        <h1 id="leadership-title" className="leadership__title">
          {LEADERSHIP_DASHBOARD_TITLE}
        </h1>
        <div className="leadership__actions">
          {canShare && <ShareOnDisplayButton dashboardId={reportId} />}
          <DashboardExportButton target={view} dashboardId={dashboardId} />
        </div>
      </div>
      <OverallSection access={access} frame={overallFrame} onFrameChange={setOverallFrame} />
      <TestPlanSection access={access} frame={planFrame} onFrameChange={setPlanFrame} />
    </section>
  );
}

/** The whole page for a display link the server refuses: no figures, no sign-in redirect (a display has nobody to sign in). */
export function RefusedDisplayLink() {
  return (
    <section className="page leadership leadership--refused" aria-labelledby="leadership-refused-title">
      <h1 id="leadership-refused-title" className="leadership__title">
        {LEADERSHIP_DASHBOARD_TITLE}
      </h1>
      <p role="alert" className="leadership__refused">
        {DISPLAY_TOKEN_MESSAGES.unknown}
      </p>
      <p>{LEADERSHIP_MESSAGES.askForNewLink}</p>
    </section>
  );
}
