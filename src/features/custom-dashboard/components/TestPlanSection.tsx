import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BarChart } from '../../../charts/BarChart';
import { LineChart } from '../../../charts/LineChart';
import { OVERALL_PROJECT_NAME, type TestPlanData } from '../../../shared/contracts/custom-dashboard';
import { CHART_HEIGHT } from '../../../shared/contracts/dashboards';
import { MultiSelect } from '../../../ui/Select';
import { TimeFrameSelector } from '../../../ui/TimeFrameSelector';
import { dashboardFrameOf } from '../api/access';
import { testPlanDataQuery } from '../api/projects';
import { collectionResultsChart, defectChart, progressChart } from './chart-data';
import { MeasuredChart } from './MeasuredChart';
import type { DashboardSectionProps } from './OverallSection';
import { ProjectSelector } from './ProjectSelector';
import { SECTION_TEXTS, SectionFrame } from './SectionFrame';
import { useProjectSelection } from './use-project-selection';

export const TEST_PLAN_TEXTS = {
  title: 'Test Plan',
  timeFrame: 'Test plan time frame',
  project: 'Test plan project',
  results: 'Passed and failed by collection',
  defects: 'Defect breakdown',
  categories: 'Defect categories',
  allHidden: 'Pick a defect category to show',
  progress: 'Test progress',
  goal: (goal: number) => `Goal ${goal}%`,
} as const;

export interface TestPlanSectionProps extends DashboardSectionProps {
  /** The project to show; without it the section has its own project selector (the leadership dashboard). */
  projectId?: string;
}

/**
 * The test plan section (§2): passed and failed runs per collection, the defect breakdown by failure label with a
 * category filter, and the progress line against the project's goal with the project dates marked.
 */
export function TestPlanSection({ access, frame, onFrameChange, projectId }: TestPlanSectionProps) {
  const selection = useProjectSelection(access, true);
  const shownId = projectId ?? selection.selectedId ?? OVERALL_PROJECT_NAME;
  const days = dashboardFrameOf(frame);
  const plan = useQuery({ ...testPlanDataQuery(access, shownId, days ?? { startDate: '', endDate: '' }), enabled: days !== null });

  return (
    <SectionFrame
      id="test-plan-section-title"
      title={TEST_PLAN_TEXTS.title}
      queries={projectId === undefined ? [selection.list, plan] : [plan]}
      controls={
        <>
          <TimeFrameSelector label={TEST_PLAN_TEXTS.timeFrame} value={frame} onChange={onFrameChange} />
          {projectId === undefined && (
            <ProjectSelector label={TEST_PLAN_TEXTS.project} projects={selection.projects} selectedId={selection.selectedId} onSelect={selection.select} withOverall />
          )}
        </>
      }
    >
      {plan.data ? <TestPlanCharts data={plan.data} /> : <p className="custom-dashboard__empty">{days === null ? null : SECTION_TEXTS.loading}</p>}
    </SectionFrame>
  );
}

function TestPlanCharts({ data }: { data: TestPlanData }) {
  const defects = data.defectBreakDownData;
  // Until the viewer picks, the categories shown are those whose tag is not hidden (Tag.hideTag).
  const [picked, setPicked] = useState<string[] | null>(null);
  const shown = picked ?? defects.filter((defect) => !defect.hideTag).map((defect) => defect.tagName);
  const { projectGoal, projectDateTags } = data.testProgress;

  return (
    <div className="custom-dashboard__charts">
      <MeasuredChart>
        {(width) => <BarChart width={width} height={CHART_HEIGHT} data={collectionResultsChart(data.testPlanData)} label={TEST_PLAN_TEXTS.results} />}
      </MeasuredChart>
      <div>
        <MultiSelect
          label={TEST_PLAN_TEXTS.categories}
          options={defects.map((defect) => ({ id: defect.tagName, label: defect.tagName }))}
          selectedKeys={shown}
          onSelectionChange={setPicked}
          placeholder={TEST_PLAN_TEXTS.allHidden}
        />
        <MeasuredChart>
          {(width) => <BarChart width={width} height={CHART_HEIGHT} data={defectChart(defects, new Set(shown))} label={TEST_PLAN_TEXTS.defects} />}
        </MeasuredChart>
      </div>
      <MeasuredChart>
        {(width) => (
          <LineChart
            width={width}
            height={CHART_HEIGHT}
            data={progressChart(data.testProgress)}
            label={TEST_PLAN_TEXTS.progress}
            reference={projectGoal === null ? undefined : { value: projectGoal, label: TEST_PLAN_TEXTS.goal(projectGoal) }}
            marks={projectDateTags.map((tag) => ({ category: tag.date, label: tag.projectTag }))}
          />
        )}
      </MeasuredChart>
    </div>
  );
}
