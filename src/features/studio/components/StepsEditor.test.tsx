import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { STEP_ACTIONS, type Step } from '../../../shared/contracts/collections';
import { STEP_ACTION_SPECS } from '../../../shared/contracts/step-fields';
import { newStep } from '../collection-document';
import { MOBILE_ACTION_NOTES, STEP_ACTION_SECTIONS, type ResourceType } from '../step-action-options';
import { StepFeedbackContext, useStepFeedbackState } from '../step-feedback';
import { StepsEditor } from './StepsEditor';
import { chooseOption, selectTrigger } from '../../../../tests/support/select';

type User = ReturnType<typeof userEvent.setup>;

/** The steps editor as the Studio holds it: its steps in state, and the Studio's step feedback. */
function renderSteps(initial: Step[], resourceType: ResourceType = 'HYBRID') {
  const current: { steps: Step[] } = { steps: initial };
  function Harness() {
    const [steps, setSteps] = useState(initial);
    const feedback = useStepFeedbackState();
    current.steps = steps;
    return (
      <StepFeedbackContext value={feedback.feedback}>
        <StepsEditor flowName="Sign in" steps={steps} onChange={setSteps} resourceType={resourceType} />
      </StepFeedbackContext>
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  return { user, current };
}

const stepItem = (position: number) => screen.getByRole('listitem', { name: `Step ${position}` });

/** The labels a step shows after its name and action: its action's fields, then its timeout. */
const fieldNames = (item: HTMLElement): string[] =>
  [...item.querySelectorAll('.ui-field__label')].map((label) => label.textContent ?? '').filter((label) => label !== 'Step name' && label !== 'Action');

async function chooseAction(user: User, item: HTMLElement, action: string) {
  await chooseOption(user, selectTrigger('Action', item), action);
}

describe('the step editor names each action its own fields (issue 27)', () => {
  it('shows Open URL a URL, Type text an Element and a Text, Assert text an Element and an Expected text, each with its hint', async () => {
    const { user } = renderSteps([newStep('open')]);
    const item = stepItem(1);
    expect(fieldNames(item)).toEqual(['URL', 'Timeout (ms)']);
    expect(within(item).getByRole('textbox', { name: 'URL' })).toHaveAccessibleDescription(STEP_ACTION_SPECS.open.fields[0]?.hint);

    await chooseAction(user, item, 'Type text');
    expect(fieldNames(item)).toEqual(['Element', 'Text', 'Timeout (ms)']);
    expect(within(item).getByRole('textbox', { name: 'Element' })).toHaveAccessibleDescription('A CSS selector or text=…, e.g. #username');

    await chooseAction(user, item, 'Assert text');
    expect(fieldNames(item)).toEqual(['Element', 'Expected text', 'Timeout (ms)']);
    expect(within(item).getByRole('textbox', { name: 'Expected text' })).toHaveAccessibleDescription("Passes when the element's text contains this text");
  });

  it.each(
    Object.entries(STEP_ACTION_SPECS).map(([action, spec]) => [spec.label, action, spec] as const),
  )('hides what %s does not use', async (label, _action, spec) => {
    const { user } = renderSteps([newStep('open')]);
    const item = stepItem(1);
    if (label !== 'Open URL') await chooseAction(user, item, label);
    expect(fieldNames(item)).toEqual([...spec.fields.map((field) => field.label), ...(spec.usesTimeout ? ['Timeout (ms)'] : [])]);
    // The slots' own names never show: each action names them after what they hold.
    expect(within(item).queryByRole('textbox', { name: 'Target' })).toBeNull();
  });

  it("shows a field's problem once it is left, and the text an action no longer uses goes with it", async () => {
    const { user, current } = renderSteps([newStep('open')]);
    const item = stepItem(1);
    const url = within(item).getByRole('textbox', { name: 'URL' });
    await user.click(url);
    expect(within(item).queryByText('Enter the URL to open')).toBeNull();
    await user.tab();
    expect(within(item).getByText('Enter the URL to open')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');

    await user.type(url, '127.0.0.1:1/nothing-here');
    expect(within(item).getByText('Start the URL with http:// or https://, with / for a page of this server, or with ${BASE_URL}')).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:1/nothing-here');
    expect(url).not.toHaveAttribute('aria-invalid');
    expect(current.steps[0]).toMatchObject({ action: 'open', target: '', value: 'http://127.0.0.1:1/nothing-here' });

    await chooseAction(user, item, 'Click');
    expect(current.steps[0]).toMatchObject({ action: 'click', stepName: 'Click', target: '', value: '' });
    await chooseAction(user, item, 'Assert URL');
    await user.type(within(item).getByRole('textbox', { name: 'Expected URL' }), '/list');
    await chooseAction(user, item, 'Assert title');
    expect(within(item).getByRole('textbox', { name: 'Expected title' })).toHaveValue('/list');
  });

  it("shows a recorded Open URL's address, kept in the target, in its URL field and saves an edit of it as the URL", async () => {
    const { user, current } = renderSteps([{ ...newStep('open'), target: 'https://example.com/start' }]);
    const url = within(stepItem(1)).getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue('https://example.com/start');
    await user.type(url, '?again');
    expect(current.steps[0]).toMatchObject({ target: '', value: 'https://example.com/start?again' });
  });

  it('ticks or unticks with Check, and Set variable has no timeout', async () => {
    const { user, current } = renderSteps([newStep('check'), newStep('setVariable')]);
    const check = stepItem(1);
    expect(within(check).getByRole('button', { name: /State$/ })).toHaveTextContent('Ticked');
    await user.click(within(check).getByRole('button', { name: /State$/ }));
    await user.click(await screen.findByRole('option', { name: 'Unticked' }));
    expect(current.steps[0]?.value).toBe('false');
    expect(within(stepItem(2)).queryByRole('textbox', { name: 'Timeout (ms)' })).toBeNull();
  });
});

describe('the step editor offers phone steps (issue 28)', () => {
  it('lists the phone actions under Mobile, each saying where it runs, after the web actions', async () => {
    const { user } = renderSteps([newStep('open')]);
    await user.click(within(stepItem(1)).getByRole('button', { name: /Action$/ }));
    const listbox = await screen.findByRole('listbox');
    const [web, mobile] = within(listbox).getAllByRole('group');
    expect(web).toHaveAccessibleName(STEP_ACTION_SECTIONS.web);
    expect(mobile).toHaveAccessibleName(STEP_ACTION_SECTIONS.mobile);
    const keys = (group: HTMLElement | undefined) => within(group as HTMLElement).getAllByRole('option').map((option) => option.getAttribute('data-key'));
    expect(keys(web)).toEqual(STEP_ACTIONS.filter((action) => !STEP_ACTION_SPECS[action].mobile));
    expect(keys(mobile)).toEqual(['launchApp', 'tap', 'clear', 'swipe', 'scroll', 'back', 'hideKeyboard', 'assertAttribute']);
    expect(within(mobile as HTMLElement).getByRole('option', { name: 'Swipe' })).toHaveAccessibleDescription(MOBILE_ACTION_NOTES.only);
    expect(within(mobile as HTMLElement).getByRole('option', { name: 'Tap' })).toHaveAccessibleDescription(MOBILE_ACTION_NOTES.also);
    // The closed list shows the chosen action's name alone, without its note.
    await user.click(within(mobile as HTMLElement).getByRole('option', { name: 'Swipe' }));
    expect(within(stepItem(1)).getByRole('button', { name: /Action$/ })).toHaveTextContent(/^Swipe▾$/);
  });

  it("shows each phone action's fields and hints, and checks them with the contract's messages", async () => {
    const { user, current } = renderSteps([newStep('open')]);
    const item = stepItem(1);

    await chooseAction(user, item, 'Launch app');
    expect(fieldNames(item)).toEqual(['App', 'Timeout (ms)']);
    const app = within(item).getByRole('textbox', { name: 'App' });
    expect(app).toHaveAccessibleDescription(STEP_ACTION_SPECS.launchApp.fields[0]?.hint);
    await user.type(app, 'com.example shop');
    await user.tab();
    expect(within(item).getByText('An app id has no spaces')).toBeInTheDocument();

    await user.clear(app);
    await chooseAction(user, item, 'Tap');
    const element = within(item).getByRole('textbox', { name: 'Element' });
    // The slot was left as App's: its problem shows at once, after the hint.
    expect(element).toHaveAccessibleDescription(`${STEP_ACTION_SPECS.tap.fields[0]?.hint} Enter the element to tap`);
    await user.type(element, '~');
    expect(within(item).getByText('Write what to find after the prefix, e.g. ~Sign in')).toBeInTheDocument();
    await user.type(element, 'Sign in');
    expect(element).not.toHaveAttribute('aria-invalid');
    expect(current.steps[0]).toMatchObject({ action: 'tap', stepName: 'Tap', target: '~Sign in', value: '' });

    await chooseAction(user, item, 'Swipe');
    expect(fieldNames(item)).toEqual(['Direction', 'Timeout (ms)']);
    const direction = within(item).getByRole('textbox', { name: 'Direction' });
    await user.type(direction, 'diagonal');
    await user.tab();
    expect(within(item).getByText('Write up, down, left or right, or from x,y to x,y (pixels), e.g. from 200,800 to 200,200')).toBeInTheDocument();
    await user.clear(direction);
    await user.type(direction, 'from 200,800 to 200,200');
    expect(direction).not.toHaveAttribute('aria-invalid');

    await chooseAction(user, item, 'Scroll');
    expect(fieldNames(item)).toEqual(['Element (optional)', 'Direction', 'Timeout (ms)']);
    expect(within(item).getByRole('textbox', { name: 'Element (optional)' })).not.toBeRequired();

    await chooseAction(user, item, 'Assert attribute');
    expect(fieldNames(item)).toEqual(['Element', 'Attribute', 'Timeout (ms)']);
    const attribute = within(item).getByRole('textbox', { name: 'Attribute' });
    await user.type(attribute, 'checked');
    await user.tab();
    expect(within(item).getByText('Write the attribute, =, then the expected value, e.g. checked=true')).toBeInTheDocument();
  });

  it.each(['Back', 'Hide keyboard'])('shows %s with nothing to fill in and no timeout', async (label) => {
    const { user } = renderSteps([newStep('open')]);
    const item = stepItem(1);
    await chooseAction(user, item, label);
    expect(fieldNames(item)).toEqual([]);
    expect(within(item).getByText('Nothing to fill in: the step acts on the whole screen.')).toBeInTheDocument();
    expect(within(item).queryByRole('textbox', { name: 'Timeout (ms)' })).toBeNull();
  });

  it('offers a Browser collection the phone steps a browser runs, and says a phone-only step it already has fails there', async () => {
    const { user } = renderSteps([newStep('open'), { ...newStep('swipe'), value: 'up' }], 'BROWSER');
    await user.click(within(stepItem(1)).getByRole('button', { name: /Action$/ }));
    const mobile = within(await screen.findByRole('listbox')).getByRole('group', { name: STEP_ACTION_SECTIONS.mobile });
    expect(within(mobile).getAllByRole('option').map((option) => option.getAttribute('data-key'))).toEqual(['tap', 'clear', 'back', 'assertAttribute']);
    await user.keyboard('{Escape}');
    expect(within(stepItem(1)).queryByRole('note')).toBeNull();

    expect(within(stepItem(2)).getByRole('button', { name: /Action$/ })).toHaveTextContent('Swipe');
    expect(within(stepItem(2)).getByRole('note')).toHaveTextContent(
      "Swipe runs on a phone only: this collection runs in a browser, where the step fails. Choose another action, or make the collection's resource type Mobile & Desktop.",
    );
    await chooseAction(user, stepItem(2), 'Tap');
    expect(within(stepItem(2)).queryByRole('note')).toBeNull();
  });
});

describe('the step editor keeps keyboard focus (issue 27)', () => {
  it('keeps focus on the move button that moved a step, or the other one at the end of the list', async () => {
    const { user, current } = renderSteps([newStep('open'), newStep('click'), newStep('type')]);
    const [first, second] = current.steps;
    within(stepItem(1)).getByRole('button', { name: 'Move step 1 of Sign in down' }).focus();
    await user.keyboard('{Enter}');
    expect(current.steps.map((step) => step.stepId)).toEqual([second?.stepId, first?.stepId, current.steps[2]?.stepId]);
    expect(document.activeElement).toBe(within(stepItem(2)).getByRole('button', { name: 'Move step 2 of Sign in down' }));
    await user.keyboard('{Enter}');
    // Last now: its down button is disabled, so focus is on its up button.
    expect(current.steps[2]?.stepId).toBe(first?.stepId);
    expect(document.activeElement).toBe(within(stepItem(3)).getByRole('button', { name: 'Move step 3 of Sign in up' }));
  });

  it("moves focus to the next step's Remove after a removal, then the previous one's, then Add step", async () => {
    const { user, current } = renderSteps([newStep('open'), newStep('click')]);
    within(stepItem(1)).getByRole('button', { name: 'Remove step 1 of Sign in' }).focus();
    await user.keyboard('{Enter}');
    expect(current.steps.map((step) => step.action)).toEqual(['click']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove step 1 of Sign in' }));
    await user.keyboard('{Enter}');
    expect(current.steps).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add step to Sign in' }));
  });
});
