import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Step } from '../../../shared/contracts/collections';
import { STEP_ACTION_SPECS } from '../../../shared/contracts/step-fields';
import { newStep } from '../collection-document';
import { StepFeedbackContext, useStepFeedbackState } from '../step-feedback';
import { StepsEditor } from './StepsEditor';

type User = ReturnType<typeof userEvent.setup>;

/** The steps editor as the Studio holds it: its steps in state, and the Studio's step feedback. */
function renderSteps(initial: Step[]) {
  const current: { steps: Step[] } = { steps: initial };
  function Harness() {
    const [steps, setSteps] = useState(initial);
    const feedback = useStepFeedbackState();
    current.steps = steps;
    return (
      <StepFeedbackContext value={feedback.feedback}>
        <StepsEditor flowName="Sign in" steps={steps} onChange={setSteps} />
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
  await user.click(within(item).getByRole('button', { name: /Action$/ }));
  await user.click(await screen.findByRole('option', { name: action }));
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
