import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BarChart } from '../../../charts/BarChart';
import { HIDE_ON_EXPORT_CLASS } from '../../../lib/dom-export';
import { CHART_HEIGHT, type TimeFrame } from '../../../shared/contracts/dashboards';
import { RadioGroup } from '../../../ui/RadioGroup';
import { TimeFrameSelector } from '../../../ui/TimeFrameSelector';
import { dashboardFrameOf } from '../api/access';
import { projectDetailsQuery } from '../api/projects';
import { statusChart } from './chart-data';
import { MeasuredChart } from './MeasuredChart';
import { ProjectKpiEditor } from './ProjectKpiEditor';
import { ProjectCreateForm, ProjectSelector } from './ProjectSelector';
import { SECTION_TEXTS, SectionFrame } from './SectionFrame';
import type { useProjectSelection } from './use-project-selection';

export const PROJECT_PLAN_TEXTS = {
  title: 'Project Plan Data',
  timeFrame: 'Project time frame',
  project: 'Project',
  status: 'Execution status',
  runsOf: 'Runs of',
  collections: 'Collections',
  schedules: 'Schedules',
  noProject: 'No project yet: create one to set its goal and link its collections and schedules.',
} as const;

type StatusView = 'collections' | 'schedules';
const VIEWS = [
  { id: 'collections', label: PROJECT_PLAN_TEXTS.collections },
  { id: 'schedules', label: PROJECT_PLAN_TEXTS.schedules },
] as const;

export interface ProjectPlanSectionProps {
  frame: TimeFrame;
  onFrameChange: (frame: TimeFrame) => void;
  /** The page's project selection, shared with the test plan section. */
  selection: ReturnType<typeof useProjectSelection>;
  /** DASHBOARD_MANAGEMENT: may create projects and edit their KPIs. */
  canManage: boolean;
}

/**
 * The project section (§2): a time frame, the project selector with inline Create, the execution status bar chart of
 * the project's runs by its collections or by its schedules, and the project manage panel (the KPI editor).
 */
export function ProjectPlanSection({ frame, onFrameChange, selection, canManage }: ProjectPlanSectionProps) {
  const [view, setView] = useState<StatusView>('collections');
  const { selected, projects, select, list } = selection;
  const days = dashboardFrameOf(frame);
  const details = useQuery({
    ...projectDetailsQuery(selected?.projectId ?? '', days ?? { startDate: '', endDate: '' }),
    enabled: selected !== null && days !== null,
    // Another frame of the same project keeps the editor (and its unsaved goal) on screen while it loads.
    placeholderData: (previous) => (previous?.projectId === selected?.projectId ? previous : undefined),
  });
  const project = details.data?.projectId === selected?.projectId ? details.data : undefined;
  const viewLabel = view === 'collections' ? PROJECT_PLAN_TEXTS.collections : PROJECT_PLAN_TEXTS.schedules;

  return (
    <SectionFrame
      id="project-plan-section-title"
      title={PROJECT_PLAN_TEXTS.title}
      queries={selected ? [list, details] : [list]}
      controls={
        <>
          <TimeFrameSelector label={PROJECT_PLAN_TEXTS.timeFrame} value={frame} onChange={onFrameChange} />
          <ProjectSelector label={PROJECT_PLAN_TEXTS.project} projects={projects} selectedId={selected?.projectId ?? null} onSelect={select} />
          {canManage && (
            <div className={HIDE_ON_EXPORT_CLASS}>
              <ProjectCreateForm onCreated={(created) => select(created.projectId)} />
            </div>
          )}
        </>
      }
    >
      {list.data && projects.length === 0 ? (
        <p className="custom-dashboard__empty">{PROJECT_PLAN_TEXTS.noProject}</p>
      ) : !project ? (
        <p className="custom-dashboard__empty">{SECTION_TEXTS.loading}</p>
      ) : (
        <>
          <div>
            <RadioGroup label={PROJECT_PLAN_TEXTS.status} options={VIEWS} value={view} onChange={(id) => setView(id === 'schedules' ? 'schedules' : 'collections')} />
            <MeasuredChart>
              {(width) => (
                <BarChart
                  width={width}
                  height={CHART_HEIGHT}
                  data={statusChart(view === 'collections' ? project.executionData : project.scheduleData, viewLabel)}
                  label={`${PROJECT_PLAN_TEXTS.status}: ${viewLabel}`}
                />
              )}
            </MeasuredChart>
          </div>
          {canManage && (
            <div className={HIDE_ON_EXPORT_CLASS}>
              <ProjectKpiEditor key={project.projectId} project={project} />
            </div>
          )}
        </>
      )}
    </SectionFrame>
  );
}
