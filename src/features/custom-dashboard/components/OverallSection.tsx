import { useQuery } from '@tanstack/react-query';
import { BarChart } from '../../../charts/BarChart';
import { CHART_HEIGHT, type TimeFrame } from '../../../shared/contracts/dashboards';
import { OVERALL_PROJECT_NAME } from '../../../shared/contracts/custom-dashboard';
import { TimeFrameSelector } from '../../../ui/TimeFrameSelector';
import { dashboardFrameOf, type DashboardAccess } from '../api/access';
import { executionResultsQuery } from '../api/projects';
import { failuresChart, totalTimeText } from './chart-data';
import { MeasuredChart } from './MeasuredChart';
import { ProjectSelector } from './ProjectSelector';
import { SECTION_TEXTS, SectionFrame } from './SectionFrame';
import { useProjectSelection } from './use-project-selection';
import './custom-dashboard.css';

export const OVERALL_TEXTS = {
  title: 'Overall Result',
  timeFrame: 'Overall time frame',
  project: 'Overall project',
  executed: 'Collection Executed (Completed)',
  passRate: 'Pass Rate %',
  failures: 'Failures by type',
  totalTime: 'Total Time',
} as const;

export interface DashboardSectionProps {
  access: DashboardAccess;
  frame: TimeFrame;
  onFrameChange: (frame: TimeFrame) => void;
}

/** A tile of the Overall Result panel: its name and figure. */
function Tile({ label, value }: { label: string; value: string }) {
  return (
    <figure className="custom-dashboard-tile">
      <figcaption className="custom-dashboard-tile__label">{label}</figcaption>
      <p className="custom-dashboard-tile__value">{value}</p>
    </figure>
  );
}

/**
 * The Overall Result panel (§2): a time frame and a project selector ('Overall' first, §4), and the tiles Collection
 * Executed (Completed), Pass Rate %, Failures by type and Total Time, refreshed every 10 s.
 */
export function OverallSection({ access, frame, onFrameChange }: DashboardSectionProps) {
  const { list, projects, selectedId, select } = useProjectSelection(access, true);
  const days = dashboardFrameOf(frame);
  const projectId = selectedId ?? OVERALL_PROJECT_NAME;
  const results = useQuery({
    ...executionResultsQuery(access, projectId, days ?? { startDate: '', endDate: '' }),
    enabled: days !== null,
  });
  const data = results.data;

  return (
    <SectionFrame
      id="overall-section-title"
      title={OVERALL_TEXTS.title}
      queries={[list, results]}
      controls={
        <>
          <TimeFrameSelector label={OVERALL_TEXTS.timeFrame} value={frame} onChange={onFrameChange} />
          <ProjectSelector label={OVERALL_TEXTS.project} projects={projects} selectedId={selectedId} onSelect={select} withOverall />
        </>
      }
    >
      {!data ? (
        <p className="custom-dashboard__empty">{days === null ? null : SECTION_TEXTS.loading}</p>
      ) : (
        <div className="custom-dashboard-tiles">
          <Tile label={OVERALL_TEXTS.executed} value={String(data.collectionExecuted)} />
          <Tile label={OVERALL_TEXTS.passRate} value={`${data.passRate}%`} />
          <Tile label={OVERALL_TEXTS.totalTime} value={totalTimeText(data.totalTime)} />
          <figure className="custom-dashboard-tile custom-dashboard-tile--wide">
            <figcaption className="custom-dashboard-tile__label">{OVERALL_TEXTS.failures}</figcaption>
            <MeasuredChart>{(width) => <BarChart width={width} height={CHART_HEIGHT} data={failuresChart(data.failures)} label={OVERALL_TEXTS.failures} />}</MeasuredChart>
          </figure>
        </div>
      )}
    </SectionFrame>
  );
}
