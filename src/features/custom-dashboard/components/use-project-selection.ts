import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OVERALL_PROJECT_NAME } from '../../../shared/contracts/custom-dashboard';
import type { DashboardAccess } from '../api/access';
import { projectListQuery } from '../api/projects';
import { keptSelection } from '../api/selection';

/**
 * The project a section shows, over the polled project list (§4): the user's choice while that project exists, else the
 * first one ('Overall' where the section offers it). Derived on every answer, so a project removed elsewhere hands the
 * selection on at the next poll, and a project just created is selected as soon as the list holds it.
 */
export function useProjectSelection(access: DashboardAccess, withOverall: boolean) {
  const list = useQuery(projectListQuery(access));
  const [chosen, select] = useState<string | null>(null);
  const projects = list.data ?? [];
  const selectedId = keptSelection(chosen, projects, withOverall ? [OVERALL_PROJECT_NAME] : []);
  const selected = projects.find((project) => project.projectId === selectedId) ?? null;
  return { list, projects, selectedId, selected, select };
}
