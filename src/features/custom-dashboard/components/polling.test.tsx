import { screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { makeProject } from '../../../../tests/msw/custom-dashboard';
import { toastQueue } from '../../../ui/toast-queue';
import { keptSelection } from '../api/selection';
import { customDashboardKeys } from '../api/custom-dashboard-keys';
import { OVERALL_TEXTS } from './OverallSection';
import { KPI_TEXTS } from './ProjectKpiEditor';
import { PROJECT_PLAN_TEXTS } from './ProjectPlanSection';
import { SECTION_TEXTS } from './SectionFrame';
import { pick, renderOperationsPage } from './testing';

const projects = () => [
  makeProject({ projectId: 'p-checkout', projectName: 'Checkout' }),
  makeProject({ projectId: 'p-payments', projectName: 'Payments' }),
  makeProject({ projectId: 'p-search', projectName: 'Search' }),
];

describe('keptSelection (§4)', () => {
  const list = projects();
  it('keeps the selected project while it exists, else takes the first', () => {
    expect(keptSelection('p-payments', list)).toBe('p-payments');
    expect(keptSelection('p-gone', list)).toBe('p-checkout');
    expect(keptSelection(null, list)).toBe('p-checkout');
    expect(keptSelection('p-gone', [])).toBeNull();
  });

  it("starts on and falls back to 'Overall' where it is offered", () => {
    expect(keptSelection(null, list, ['Overall'])).toBe('Overall');
    expect(keptSelection('p-gone', list, ['Overall'])).toBe('Overall');
    expect(keptSelection('p-search', list, ['Overall'])).toBe('p-search');
  });
});

describe('refreshes', () => {
  it('keeps the selected project over a refresh while it exists, and moves to the first when it is gone', async () => {
    const { backend, queryClient, user } = renderOperationsPage({ projects: projects() });
    await screen.findByRole('form', { name: KPI_TEXTS.title('Checkout') });
    await pick(user, PROJECT_PLAN_TEXTS.project, ['Search']);
    await screen.findByRole('form', { name: KPI_TEXTS.title('Search') });

    backend.state.projects = backend.state.projects.filter((project) => project.projectId !== 'p-payments');
    await queryClient.refetchQueries({ queryKey: customDashboardKeys.projectLists() });
    expect(screen.getByRole('form', { name: KPI_TEXTS.title('Search') })).toBeInTheDocument();

    backend.state.projects = backend.state.projects.filter((project) => project.projectId !== 'p-search');
    await queryClient.refetchQueries({ queryKey: customDashboardKeys.projectLists() });
    expect(await screen.findByRole('form', { name: KPI_TEXTS.title('Checkout') })).toBeInTheDocument();
  });

  it('keeps the figures through a failed poll, marks them stale without a toast, and clears the mark on the next answer', async () => {
    const { backend, queryClient } = renderOperationsPage({ projects: projects(), executionResults: { collectionExecuted: 7 } });
    const overall = await screen.findByRole('region', { name: OVERALL_TEXTS.title });
    expect(await within(overall).findByText('7')).toBeInTheDocument();
    expect(within(overall).getByText(/updated \d+ s ago/)).toBeInTheDocument();

    backend.state.readsFail = true;
    await queryClient.refetchQueries({ queryKey: customDashboardKeys.executionResultsAll() });
    expect(await within(overall).findByText(SECTION_TEXTS.stale)).toBeInTheDocument();
    expect(within(overall).getByText('7')).toBeInTheDocument();
    expect(toastQueue.visibleToasts).toEqual([]);

    backend.state.readsFail = false;
    await queryClient.refetchQueries({ queryKey: customDashboardKeys.executionResultsAll() });
    await waitFor(() => expect(within(overall).queryByText(SECTION_TEXTS.stale)).toBeNull());
  });
});

describe('time frames', () => {
  it('keeps an unsaved goal in the KPI editor while the project section reads another frame', async () => {
    const { backend, user } = renderOperationsPage({ projects: projects() });
    await screen.findByRole('form', { name: KPI_TEXTS.title('Checkout') });
    await user.type(screen.getByRole('textbox', { name: KPI_TEXTS.goal }), '42');
    await pick(user, PROJECT_PLAN_TEXTS.timeFrame, ['Last 7 Days']);
    await waitFor(() =>
      expect(backend.state.requests.some((request) => request.path.endsWith('getProjectDetails') && (request.query.startDate ?? '') < DateTime.utc().minus({ days: 6 }).toFormat('yyyy-MM-dd'))).toBe(true),
    );
    expect(screen.getByRole('textbox', { name: KPI_TEXTS.goal })).toHaveValue('42');
  });
});
