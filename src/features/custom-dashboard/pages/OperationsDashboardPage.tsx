import { useRef, useState } from 'react';
import { defaultTimeFrame } from '../../../lib/time-frame';
import { CUSTOM_DASHBOARD_TITLE } from '../../../shared/contracts/dashboards';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-queue';
import { SESSION_ACCESS } from '../api/access';
import { OverallSection } from '../components/OverallSection';
import { ProjectPlanSection } from '../components/ProjectPlanSection';
import { TestPlanSection } from '../components/TestPlanSection';
import { useProjectSelection } from '../components/use-project-selection';
import { DashboardExportButton } from '../export/DashboardExportButton';
import '../components/custom-dashboard.css';

export const OPERATIONS_TEXTS = {
  title: 'Operations Dashboard',
} as const;

export interface OperationsDashboardPageProps {
  /** The saved report titled Custom Dashboard: it names the export files (part 3 §2). */
  reportId: string;
  canManage: boolean;
}

/**
 * The operations dashboard (part 3 §2): Export, the Overall Result, the project section ('Project Plan Data') and the
 * test plan section of the project chosen there, each with its own time frame (Yesterday by default, §4).
 */
export function OperationsDashboardPage({ reportId, canManage }: OperationsDashboardPageProps) {
  const view = useRef<HTMLElement>(null);
  const [overallFrame, setOverallFrame] = useState(() => defaultTimeFrame());
  const [projectFrame, setProjectFrame] = useState(() => defaultTimeFrame());
  const [testPlanFrame, setTestPlanFrame] = useState(() => defaultTimeFrame());
  const selection = useProjectSelection(SESSION_ACCESS, false);

  return (
    <section ref={view} className="page custom-dashboard" aria-labelledby="operations-dashboard-title">
      <div className="custom-dashboard__header">
        <h1 id="operations-dashboard-title" className="custom-dashboard__title">
          {OPERATIONS_TEXTS.title}
        </h1>
        <DashboardExportButton target={view} dashboardId={reportId} />
      </div>
      <OverallSection access={SESSION_ACCESS} frame={overallFrame} onFrameChange={setOverallFrame} />
      <ProjectPlanSection frame={projectFrame} onFrameChange={setProjectFrame} selection={selection} canManage={canManage} />
      {selection.selected && (
        <TestPlanSection access={SESSION_ACCESS} frame={testPlanFrame} onFrameChange={setTestPlanFrame} projectId={selection.selected.projectId} />
      )}
    </section>
  );
}


export const MISSING_REPORT_TEXTS = {
  missing: `The operations dashboard opens once a saved report titled ${CUSTOM_DASHBOARD_TITLE} exists.`,
  askManager: 'Ask a dashboard manager to create it.',
  create: `Create ${CUSTOM_DASHBOARD_TITLE}`,
  createFailed: `Failed to create ${CUSTOM_DASHBOARD_TITLE}`,
} as const;

export interface MissingCustomDashboardPageProps {
  canManage: boolean;
  /** Saves an empty report titled Custom Dashboard (the route owns the report calls). */
  onCreate: () => Promise<void>;
}

/**
 * dashboard/operations without a saved report titled Custom Dashboard (part 3 §2, §6): says so, and offers a dashboard
 * manager to create that report, after which the dashboard opens.
 */
export function MissingCustomDashboardPage({ canManage, onCreate }: MissingCustomDashboardPageProps) {
  const [creating, setCreating] = useState(false);
  const create = async () => {
    setCreating(true);
    try {
      await onCreate();
    } catch {
      toast.error(MISSING_REPORT_TEXTS.createFailed);
    } finally {
      setCreating(false);
    }
  };
  return (
    <section className="page custom-dashboard" aria-labelledby="operations-dashboard-title">
      <h1 id="operations-dashboard-title" className="custom-dashboard__title">
        {OPERATIONS_TEXTS.title}
      </h1>
      <p>{MISSING_REPORT_TEXTS.missing}</p>
      {canManage ? (
        <div>
          <Button variant="primary" onPress={() => void create()} isDisabled={creating}>
            {MISSING_REPORT_TEXTS.create}
          </Button>
        </div>
      ) : (
        <p>{MISSING_REPORT_TEXTS.askManager}</p>
      )}
    </section>
  );
}
