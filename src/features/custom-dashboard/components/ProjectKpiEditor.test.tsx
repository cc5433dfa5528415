import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProject } from '../../../../tests/msw/custom-dashboard';
import { errorMessage } from '../../../lib/error-messages';
import { MESSAGES } from '../../../shared/constants';
import { INVALID_PERCENTAGE, PROJECT_MESSAGES } from '../../../shared/contracts/custom-dashboard';
import { DATE_TAG_TEXTS } from './ProjectDateTags';
import { KPI_TEXTS } from './ProjectKpiEditor';
import { PROJECT_PLAN_TEXTS } from './ProjectPlanSection';
import { PROJECT_SELECTOR_TEXTS } from './ProjectSelector';
import { CHECKOUT, NIGHTLY, pick, pickToday, renderOperationsPage, today } from './testing';

const editor = () => screen.findByRole('form', { name: KPI_TEXTS.title('Checkout') });
const goalField = () => screen.getByRole('textbox', { name: KPI_TEXTS.goal });
const REQUIRED = errorMessage('required');

/** A project with a valid goal and links, so one change is all a save waits for. */
const linked = () =>
  makeProject({
    projectId: 'p-checkout',
    projectName: 'Checkout',
    projectGoal: 80,
    collectionsData: [{ collectionId: CHECKOUT.id, collectionName: CHECKOUT.testSuiteName }],
    schedulesData: [{ scheduleId: NIGHTLY.id, scheduleName: NIGHTLY.name }],
  });

describe('project KPI editor', () => {
  it('refuses a goal that is not a whole percentage: marks the form touched and sends nothing', async () => {
    const { backend, user } = renderOperationsPage();
    await editor();
    await user.type(goalField(), '101');
    await user.click(screen.getByRole('button', { name: KPI_TEXTS.save }));
    expect(await screen.findByText(errorMessage(INVALID_PERCENTAGE))).toBeInTheDocument();
    // The collections and schedules are required too (§5), and shown as such once touched.
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    await user.clear(goalField());
    await user.type(goalField(), '5.5');
    expect(screen.getByText(errorMessage(INVALID_PERCENTAGE))).toBeInTheDocument();
    expect(backend.state.updated).toEqual([]);
  });

  it('saves when the linked collections change, with their names, and says so', async () => {
    const { backend, user } = renderOperationsPage();
    await editor();
    await user.type(goalField(), '90');
    await pick(user, KPI_TEXTS.schedules, [NIGHTLY.name], true);
    // Schedules linked but no collection yet: invalid, so not saved.
    expect(backend.state.updated).toEqual([]);
    await pick(user, KPI_TEXTS.collections, [CHECKOUT.testSuiteName], true);
    await waitFor(() => expect(backend.state.updated).toHaveLength(1));
    expect(backend.state.updated[0]).toEqual({
      projectId: 'p-checkout',
      projectGoal: 90,
      collectionsData: [{ collectionId: CHECKOUT.id, collectionName: CHECKOUT.testSuiteName }],
      schedulesData: [{ scheduleId: NIGHTLY.id, scheduleName: NIGHTLY.name }],
      projectDateTags: [],
    });
    expect(await screen.findByText(PROJECT_MESSAGES.saved('Checkout'))).toBeInTheDocument();
  });

  it('does not save on a goal keystroke, only on Save', async () => {
    const { backend, user } = renderOperationsPage({ projects: [linked()] });
    await editor();
    await user.clear(goalField());
    await user.type(goalField(), '95');
    expect(backend.state.updated).toEqual([]);
    await user.click(screen.getByRole('button', { name: KPI_TEXTS.save }));
    await waitFor(() => expect(backend.state.updated).toMatchObject([{ projectGoal: 95 }]));
  });

  it('shows the errors of an incomplete date tag and does not add it; a complete one is added and saved', async () => {
    const { backend, user } = renderOperationsPage({ projects: [linked()] });
    await editor();
    expect(screen.getByRole('button', { name: new RegExp(`${PROJECT_MESSAGES.tagPlaceholder}.*${DATE_TAG_TEXTS.tag}$`) })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: DATE_TAG_TEXTS.add }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(backend.state.updated).toEqual([]);

    await pick(user, DATE_TAG_TEXTS.tag, ['v2.0']);
    await user.click(screen.getByRole('button', { name: DATE_TAG_TEXTS.add }));
    // Still no date: still not added.
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    expect(backend.state.updated).toEqual([]);

    await pickToday(user, DATE_TAG_TEXTS.date);
    await user.click(screen.getByRole('button', { name: DATE_TAG_TEXTS.add }));
    await waitFor(() => expect(backend.state.updated).toMatchObject([{ projectDateTags: [{ projectTag: 'v2.0', date: today() }] }]));
    const list = screen.getByRole('list', { name: DATE_TAG_TEXTS.heading });
    expect(within(list).getByText(`v2.0 · ${today()}`)).toBeInTheDocument();
    expect(screen.queryByText(REQUIRED)).toBeNull();

    // Removing is kept until Save (§4 names only additions and link changes as saves).
    await user.click(within(list).getByRole('button', { name: DATE_TAG_TEXTS.remove({ projectTag: 'v2.0', date: today() }) }));
    expect(backend.state.updated).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: KPI_TEXTS.save }));
    await waitFor(() => expect(backend.state.updated).toHaveLength(2));
    expect(backend.state.updated[1]).toMatchObject({ projectDateTags: [] });
  });

  it('says a save failed with the project name', async () => {
    const { backend, user } = renderOperationsPage({ projects: [linked()] });
    await editor();
    backend.state.writesFail = true;
    await user.click(screen.getByRole('button', { name: KPI_TEXTS.save }));
    expect(await screen.findByText(PROJECT_MESSAGES.saveFailed('Checkout'))).toBeInTheDocument();
  });

  it("asks 'Please confirm..' before Delete, keeps the project on Cancel, and removes it on Yes", async () => {
    const { backend, user } = renderOperationsPage();
    await editor();
    await user.click(screen.getByRole('button', { name: KPI_TEXTS.delete }));
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent(PROJECT_MESSAGES.removePrompt('Checkout'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(backend.state.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: KPI_TEXTS.delete }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(backend.state.deleted).toEqual(['p-checkout']));
    expect(await screen.findByText(PROJECT_MESSAGES.removed('Checkout'))).toBeInTheDocument();
    // The list is refreshed and the remaining project selected (§4).
    expect(await screen.findByRole('form', { name: KPI_TEXTS.title('Payments') })).toBeInTheDocument();
  });

  it('says a removal failed', async () => {
    const { backend, user } = renderOperationsPage();
    await editor();
    backend.state.writesFail = true;
    await user.click(screen.getByRole('button', { name: KPI_TEXTS.delete }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(PROJECT_MESSAGES.removeFailed('Checkout'))).toBeInTheDocument();
    expect(backend.state.projects).toHaveLength(2);
  });
});

describe('inline Create', () => {
  it('needs a name, then creates the project, says so and selects it', async () => {
    const { backend, user } = renderOperationsPage();
    await editor();
    await user.click(screen.getByRole('button', { name: PROJECT_SELECTOR_TEXTS.create }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(backend.state.created).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: PROJECT_SELECTOR_TEXTS.newProject }), 'Search');
    await user.click(screen.getByRole('button', { name: PROJECT_SELECTOR_TEXTS.create }));
    await waitFor(() => expect(backend.state.created).toEqual(['Search']));
    expect(await screen.findByText(PROJECT_MESSAGES.created('Search'))).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: KPI_TEXTS.title('Search') })).toBeInTheDocument();
  });

  it("says a refused create failed, with the server's reason at the field", async () => {
    const { user } = renderOperationsPage();
    await editor();
    await user.type(screen.getByRole('textbox', { name: PROJECT_SELECTOR_TEXTS.newProject }), 'Payments');
    await user.click(screen.getByRole('button', { name: PROJECT_SELECTOR_TEXTS.create }));
    expect(await screen.findByText(PROJECT_MESSAGES.createFailed('Payments'))).toBeInTheDocument();
    expect(screen.getByText(PROJECT_MESSAGES.nameTaken('Payments'))).toBeInTheDocument();
  });
});

describe('keyboard', () => {
  it('switches the status chart with the arrow keys and deletes through the confirmation without a mouse', async () => {
    const { backend, user } = renderOperationsPage({ scheduleData: [{ status: 'PASSED', count: 1 }] });
    await editor();
    screen.getByRole('radio', { name: PROJECT_PLAN_TEXTS.collections }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: PROJECT_PLAN_TEXTS.schedules })).toBeChecked();
    expect(await screen.findByRole('group', { name: `${PROJECT_PLAN_TEXTS.status}: ${PROJECT_PLAN_TEXTS.schedules}` })).toBeInTheDocument();

    screen.getByRole('button', { name: KPI_TEXTS.delete }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    // Focus stays in the dialog; Tab reaches Yes.
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    for (let presses = 0; presses < 3 && document.activeElement !== yes; presses += 1) await user.tab();
    expect(yes).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(backend.state.deleted).toEqual(['p-checkout']));
  });
});
