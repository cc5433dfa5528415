import type { ProjectListItem } from '../../../shared/contracts/custom-dashboard';

/**
 * §4: after a refresh the same project stays selected while it still exists, otherwise the first project is. `fixed`
 * are choices that always exist (the Overall entry of the Overall section).
 */
export function keptSelection(selected: string | null, projects: readonly ProjectListItem[], fixed: readonly string[] = []): string | null {
  if (selected !== null && (fixed.includes(selected) || projects.some((project) => project.projectId === selected))) return selected;
  return fixed[0] ?? projects[0]?.projectId ?? null;
}
