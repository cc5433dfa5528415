import { describe, expect, it } from 'vitest';
import { collectionSchema, savedCollectionSchema, STEP_ACTIONS, type Step, type StepAction } from './collections';
import { STEP_ACTION_SPECS, stepFieldChoice, stepFieldIssues, stepFieldText, urlProblem, withStepAction, withStepFieldText } from './step-fields';

const step = (action: StepAction, target = '', value = ''): Step => ({ stepId: `s-${action}`, stepName: action, action, target, value, timeoutMs: 10_000 });

const labelsOf = (action: StepAction) => STEP_ACTION_SPECS[action].fields.map((field) => field.label);

describe('step fields per action (issue 27)', () => {
  it('names the fields of every action, and hides what an action does not use', () => {
    expect(Object.keys(STEP_ACTION_SPECS).sort()).toEqual([...STEP_ACTIONS].sort());
    expect(labelsOf('open')).toEqual(['URL']);
    expect(labelsOf('type')).toEqual(['Element', 'Text']);
    expect(labelsOf('assertText')).toEqual(['Element', 'Expected text']);
    expect(labelsOf('click')).toEqual(['Element']);
    expect(labelsOf('assertUrl')).toEqual(['Expected URL']);
    expect(labelsOf('screenshot')).toEqual([]);
    expect(labelsOf('httpRequest')).toEqual(['Request', 'Body']);
    expect(labelsOf('setVariable')).toEqual(['Variable name', 'Value']);
    expect(STEP_ACTION_SPECS.setVariable.usesTimeout).toBe(false);
    for (const action of STEP_ACTIONS) {
      for (const field of STEP_ACTION_SPECS[action].fields) expect(field.hint, `${action} ${field.label}`).not.toBe('');
    }
  });

  it('gives each blank required field its own message, and none to optional ones', () => {
    expect(stepFieldIssues(step('open'))).toEqual([{ slot: 'value', message: 'Enter the URL to open' }]);
    expect(stepFieldIssues(step('type'))).toEqual([{ slot: 'target', message: 'Enter the element to type into' }]);
    expect(stepFieldIssues(step('assertText'))).toEqual([
      { slot: 'target', message: 'Enter the element whose text to check' },
      { slot: 'value', message: 'Enter the expected text' },
    ]);
    expect(stepFieldIssues(step('press'))).toEqual([{ slot: 'value', message: 'Enter the key to press' }]);
    expect(stepFieldIssues(step('screenshot'))).toEqual([]);
    expect(stepFieldIssues(step('check', '#remember'))).toEqual([]);
    expect(stepFieldIssues(step('type', '#name', ''))).toEqual([]);
  });

  it.each([
    ['https://example.com/login', null],
    ['http://127.0.0.1:1/nothing-here', null],
    ['/demo-app/', null],
    ['${BASE_URL}/demo-app/', null],
    ['https://${HOST}/x', null],
    ['about:blank', null],
    ['127.0.0.1:8080/login', 'Start the URL with http:// or https://, with / for a page of this server, or with ${BASE_URL}'],
    ['localhost:3000', 'Start the URL with http:// or https://, with / for a page of this server, or with ${BASE_URL}'],
    ['file:///etc/passwd', 'Start the URL with http:// or https://, with / for a page of this server, or with ${BASE_URL}'],
    ['https://example.com/a page', 'A URL has no spaces: encode them as %20'],
  ])('checks the URL %j', (url, problem) => {
    expect(urlProblem(url)).toBe(problem);
  });

  it('checks an HTTP request and a variable name', () => {
    expect(stepFieldIssues(step('httpRequest', 'POST /api/items'))).toEqual([]);
    expect(stepFieldIssues(step('httpRequest', 'https://example.com/health'))).toEqual([]);
    expect(stepFieldIssues(step('httpRequest', 'FETCH https://example.com'))).toEqual([
      { slot: 'target', message: 'Start with GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, then the URL' },
    ]);
    expect(stepFieldIssues(step('setVariable', 'order id', '1'))).toEqual([{ slot: 'target', message: 'Use letters, digits and underscores only' }]);
    expect(stepFieldIssues(step('setVariable', 'orderId', ''))).toEqual([]);
  });

  it("reads Open URL's address where recordings and older collections kept it, and moves it on the next edit", () => {
    const recorded = step('open', 'https://example.com/start');
    const [url] = STEP_ACTION_SPECS.open.fields;
    if (!url) throw new Error('Open URL has a URL field');
    expect(stepFieldText(recorded, url)).toBe('https://example.com/start');
    expect(stepFieldIssues(recorded)).toEqual([]);
    expect({ ...recorded, ...withStepFieldText(url, 'https://example.com/next') }).toMatchObject({ target: '', value: 'https://example.com/next' });
  });

  it('shows Check as Ticked unless its value says false, as the executor does', () => {
    const [, state] = STEP_ACTION_SPECS.check.fields;
    if (!state) throw new Error('Check has a State field');
    expect(stepFieldChoice(step('check', '#a', ''), state)).toBe('true');
    expect(stepFieldChoice(step('check', '#a', 'FALSE'), state)).toBe('false');
    expect(stepFieldChoice(step('check', '#a', 'yes'), state)).toBe('true');
  });

  it('keeps the texts a new action uses and clears the others, so nothing hidden is saved', () => {
    const typed = { ...step('type', '#name', 'Ada'), stepName: 'Type text' };
    expect(withStepAction(typed, 'assertText')).toMatchObject({ action: 'assertText', target: '#name', value: 'Ada', stepName: 'Assert text' });
    expect(withStepAction(typed, 'assertUrl')).toMatchObject({ action: 'assertUrl', target: '', value: 'Ada' });
    expect(withStepAction({ ...typed, stepName: 'Name it' }, 'click')).toMatchObject({ action: 'click', target: '#name', value: '', stepName: 'Name it' });
    expect(withStepAction(typed, 'screenshot')).toMatchObject({ target: '', value: '' });
  });

  it('refuses a collection to save with a message per step field at its path, and still reads it as a document', () => {
    const document = collectionSchema.parse({
      collectionId: 'new',
      id: '',
      testSuiteName: 'Checkout',
      initTestSteps: [{ testCaseId: 'pre', testCaseName: 'Prepare', steps: [step('open', '', 'https://example.com')] }],
      testCases: [{ testCaseId: 'f', testCaseName: 'Flow', steps: [step('click'), step('assertText', 'h1')] }],
    });
    const result = savedCollectionSchema.safeParse(document);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['testCases.0.steps.0.target', 'Enter the element to click'],
      ['testCases.0.steps.1.value', 'Enter the expected text'],
    ]);
  });
});
