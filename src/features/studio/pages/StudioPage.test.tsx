import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { makeDevice } from '../../../../tests/msw/resources-handlers';
import { switchableNetwork } from '../../../../tests/msw/network';
import { makeCollection, makeTag, studioBackend } from '../../../../tests/msw/studio-handlers';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { SAVED_OFFLINE_MESSAGE, SAVED_OFFLINE_TEXT } from '../../../offline/pending-texts';
import { REFUSED_CHANGES_TITLE } from '../../shell/components/OfflineChanges';
import { newFlow } from '../collection-document';
import { STUDIO_MESSAGES } from '../studio-messages';
import { chooseOption as pick, selectTrigger } from '../../../../tests/support/select';

type User = ReturnType<typeof renderApp>['user'];

beforeEach(async () => {
  studioBackend.reset();
  await clearAppOfflineDb();
});

function openStudio() {
  signInAs(['STUDIO', 'CONTROL_ROOM']);
  return renderApp('/automation-studio');
}

async function startNew(user: User) {
  await user.click(await screen.findByRole('button', { name: 'New collection' }));
}

/** Toasts are alert dialogs too: the confirmation is the one with the confirm title. */
const confirmation = () => screen.queryByRole('alertdialog', { name: MESSAGES.confirmTitle });
const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const exportButton = () => screen.getByRole('button', { name: 'Export' });

async function chooseOption(user: User, label: string, option: string, within_: HTMLElement = document.body) {
  await pick(user, selectTrigger(label, within_), option);
}

async function pickCollection(user: User, name: string) {
  await chooseOption(user, 'Collection', name);
}

describe('Studio flow configuration', () => {
  it('shows name and notify-email errors only once touched', async () => {
    const { user } = openStudio();
    await startNew(user);
    await user.type(nameField(), 'Bad/name');
    expect(screen.queryByText('Special characters are not allowed!')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Special characters are not allowed!')).toBeInTheDocument();

    const emails = screen.getByRole('textbox', { name: /Notify Emails/ });
    await user.type(emails, 'qa@example.com; not-an-address');
    expect(screen.queryByText('Multi Email Invalid')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Multi Email Invalid')).toBeInTheDocument();
  });

  it('enables Save only with a current collection and a valid form', async () => {
    const { user } = openStudio();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    await startNew(user);
    expect(saveButton()).toBeDisabled();
    await user.type(nameField(), 'Checkout');
    expect(saveButton()).toBeEnabled();
    await user.type(nameField(), '!');
    expect(saveButton()).toBeDisabled();
  });

  it('enables Add attribute only when the last attribute has a name, and removes attributes', async () => {
    const { user } = openStudio();
    await startNew(user);
    const add = screen.getByRole('button', { name: 'Add attribute' });
    await user.click(add);
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Attribute name' }), 'build');
    expect(add).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove custom attribute 1' }));
    expect(screen.queryByRole('textbox', { name: 'Attribute name' })).toBeNull();
  });

  it('asks before a resource type change that resets the collection: Cancel keeps, Yes resets', async () => {
    const flow = newFlow('testCases', 1);
    const stored = studioBackend.add(makeCollection({ testSuiteName: 'Hybrid suite', hybridDeviceIds: { d1: 'Pixel' }, testCases: [flow] }));
    const { user } = openStudio();
    await pickCollection(user, stored.testSuiteName);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('listitem', { name: flow.testCaseName })).toBeInTheDocument();

    await chooseOption(user, 'Resource type', 'Browser');
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent('Are you sure (Resource Type Change)? This action will reset the collection!');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmation()).toBeNull());
    expect(screen.getByRole('button', { name: /Resource type$/ })).toHaveTextContent('Mobile & Desktop');
    expect(screen.getByRole('listitem', { name: flow.testCaseName })).toBeInTheDocument();

    await chooseOption(user, 'Resource type', 'Browser');
    await user.click(within(await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: flow.testCaseName })).toBeNull());
    expect(screen.getByRole('button', { name: /Resource type$/ })).toHaveTextContent('Browser');

    await user.click(saveButton());
    await screen.findByText('Test Suite Saved!');
    expect(studioBackend.saved[0]).toMatchObject({ deviceType: 'BROWSER', hybridDeviceIds: {}, testCases: [], initTestSteps: [], postTestSteps: [] });
  });

  it("chooses the collection's resources among those of its resource type into hybridDeviceIds", async () => {
    studioBackend.devices = [
      makeDevice({ cmdDeviceType: 'BROWSER', deviceId: 'browser-1', deviceName: 'Browser 1' }),
      makeDevice({ cmdDeviceType: 'BROWSER', deviceId: 'browser-2', deviceName: 'Browser 2', deviceDisplayName: 'Fast browser' }),
      makeDevice({ cmdDeviceType: 'MOBILE', deviceId: 'pixel-7', deviceName: 'Pixel 7' }),
      makeDevice({ cmdDeviceType: 'DESKTOP', deviceId: 'mac-1', deviceName: 'Mac mini' }),
    ];
    const { user } = openStudio();
    await startNew(user);
    await user.type(nameField(), 'Chosen resources');
    const resources = () => screen.getByRole('group', { name: 'Resources' });
    const choices = () => within(resources()).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent ?? '');
    await waitFor(() => expect(choices()).toEqual(['Pixel 7 (Mobile)', 'Mac mini (Desktop)', 'Browser 1 (Browser)', 'Fast browser (Browser)']));

    await chooseOption(user, 'Resource type', 'Browser');
    expect(choices()).toEqual(['Browser 1 (Browser)', 'Fast browser (Browser)']);
    await user.click(within(resources()).getByRole('checkbox', { name: 'Fast browser (Browser)' }));
    expect(within(resources()).getByRole('checkbox', { name: 'Fast browser (Browser)' })).toBeChecked();

    await user.click(saveButton());
    await screen.findByText('Test Suite Saved!');
    expect(studioBackend.saved[0]).toMatchObject({ deviceType: 'BROWSER', hybridDeviceIds: { 'browser-2': 'Fast browser' } });
  });

  it('keeps a chosen resource that is no longer registered visible, so it can be unticked', async () => {
    const stored = studioBackend.add(makeCollection({ testSuiteName: 'Old choice', deviceType: 'BROWSER', hybridDeviceIds: { gone: 'Retired browser' } }));
    const { user } = openStudio();
    await pickCollection(user, stored.testSuiteName);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const retired = await screen.findByRole('checkbox', { name: 'Retired browser (not available)' });
    expect(retired).toBeChecked();
    await user.click(retired);
    await user.click(saveButton());
    await screen.findByText('Test Suite Saved!');
    expect(studioBackend.saved[0]?.hybridDeviceIds).toEqual({});
  });

  it('names resources by customName and says why a run would wait when no resource of the type can take it', async () => {
    studioBackend.devices = [
      makeDevice({ cmdDeviceType: 'BROWSER', deviceId: 'browser-1', deviceName: 'Browser 1', customName: 'Team browser', pluggedIn: false }),
    ];
    const { user } = openStudio();
    await startNew(user);
    const hint = () => screen.queryByRole('note');
    await waitFor(() => expect(hint()).toHaveTextContent('No Mobile, Desktop or Browser resource is plugged in: the run waits in the queue until one is.'));

    await chooseOption(user, 'Resource type', 'Browser');
    const resources = screen.getByRole('group', { name: 'Resources' });
    expect(within(resources).getByRole('checkbox', { name: 'Team browser (Browser)' })).toBeInTheDocument();
    expect(hint()).toHaveTextContent('No Browser resource is plugged in: the run waits in the queue until one is.');
  });

  it('changes the resource type of an empty collection without asking', async () => {
    const { user } = openStudio();
    await startNew(user);
    await chooseOption(user, 'Resource type', 'Browser');
    expect(confirmation()).toBeNull();
    expect(screen.getByRole('button', { name: /Resource type$/ })).toHaveTextContent('Browser');
  });
});

describe('Studio flow editor', () => {
  it('saves flows and steps in the order and with the values edited', async () => {
    const { user } = openStudio();
    await startNew(user);
    await user.type(nameField(), '  Demo app  ');
    await chooseOption(user, 'Execution', 'Branching');
    await user.click(screen.getByRole('button', { name: 'Add flow' }));
    await user.click(screen.getByRole('button', { name: 'Add flow' }));
    await user.click(screen.getByRole('button', { name: 'Add init flow' }));

    const first = screen.getByRole('listitem', { name: 'Flow 1' });
    const firstName = within(first).getAllByRole('textbox', { name: 'Flow name' })[0];
    if (!firstName) throw new Error('no flow name field');
    await user.clear(firstName);
    await user.type(firstName, 'Sign in');
    const signIn = screen.getByRole('listitem', { name: 'Sign in' });
    await user.click(within(signIn).getByRole('button', { name: 'Add step to Sign in' }));
    await user.click(within(signIn).getByRole('button', { name: 'Add step to Sign in' }));
    const steps = within(signIn).getAllByRole('listitem', { name: /^Step / });
    const [openStep, clickStep] = steps;
    if (!openStep || !clickStep) throw new Error('steps missing');
    await user.type(within(openStep).getByRole('textbox', { name: 'URL' }), '/demo-app/');
    await chooseOption(user, 'Action', 'Click', clickStep);
    await user.type(within(clickStep).getByRole('textbox', { name: 'Element' }), 'text=Sign in');
    const timeout = within(clickStep).getByRole('textbox', { name: 'Timeout (ms)' });
    await user.clear(timeout);
    await user.type(timeout, '5000');
    // Keyboard reordering: the click step goes first, then back.
    await user.click(within(clickStep).getByRole('button', { name: 'Move step 2 of Sign in up' }));
    await user.click(within(signIn).getByRole('button', { name: 'Move step 1 of Sign in down' }));
    await chooseOption(user, 'Next on fail', 'Flow 2', signIn);
    await user.click(screen.getByRole('button', { name: 'Move Flow 2 up' }));

    await user.click(saveButton());
    await screen.findByText('Test Suite Saved!');
    const saved = studioBackend.saved[0];
    expect(saved?.testSuiteName).toBe('Demo app');
    expect(saved?.executionType).toBe('BRANCHING');
    expect(saved?.initTestSteps.map((flow) => flow.testCaseType)).toEqual(['PRE_FLOW']);
    expect(saved?.testCases.map((flow) => flow.testCaseName)).toEqual(['Flow 2', 'Sign in']);
    const savedSignIn = saved?.testCases[1];
    expect(savedSignIn?.nextOnFail).toBe(saved?.testCases[0]?.testCaseId);
    expect(savedSignIn?.nextOnPass).toBeUndefined();
    expect(savedSignIn?.steps.map(({ action, target, value, timeoutMs }) => ({ action, target, value, timeoutMs }))).toEqual([
      { action: 'open', target: '', value: '/demo-app/', timeoutMs: 10_000 },
      { action: 'click', target: 'text=Sign in', value: '', timeoutMs: 5000 },
    ]);
  });
});

describe('Studio collection selector', () => {
  it('opens, saves and runs the selected collection with the spec messages', async () => {
    const stored = studioBackend.add(makeCollection({ testSuiteName: 'Nightly', suiteDescription: 'Every night' }));
    const { user } = openStudio();
    expect(await screen.findByRole('button', { name: 'Open' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    await pickCollection(user, 'Nightly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Test Suite Open...')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Every night');

    await user.type(nameField(), ' v2');
    await user.click(saveButton());
    expect(await screen.findByText('Test Suite Saved!')).toBeInTheDocument();
    expect(studioBackend.collections.get(stored.id)?.testSuiteName).toBe('Nightly v2');

    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Test Suite Executed...')).toBeInTheDocument();
    expect(studioBackend.triggered).toEqual([stored.id]);
  });

  it('shows the server message and field errors when a save is refused', async () => {
    studioBackend.add(makeCollection({ testSuiteName: 'Taken' }));
    const { user } = openStudio();
    await startNew(user);
    await user.type(nameField(), 'taken');
    await user.click(saveButton());
    expect(await screen.findByText("A collection named 'taken' already exists.")).toBeInTheDocument();
    expect(screen.getByText('Already Exists')).toBeInTheDocument();
  });

  it('falls back to the spec texts when save or run fail without a message', async () => {
    const stored = studioBackend.add(makeCollection({ testSuiteName: 'Flaky' }));
    server.use(
      // A refusal without a message (a server fault keeps the save offline instead, see 'Studio offline').
      http.post(anyOrigin(endpoints.collections.save), () => errorResponse(422, '')),
      http.get(anyOrigin(endpoints.runs.trigger), () => errorResponse(500, '')),
    );
    const { user } = openStudio();
    await pickCollection(user, stored.testSuiteName);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('Test Suite Open...');
    await user.click(saveButton());
    expect(await screen.findByText(STUDIO_MESSAGES.saveFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(STUDIO_MESSAGES.executeFailed)).toBeInTheDocument();
  });

  it('asks before Open or New drops unsaved edits: Cancel keeps them, Yes goes on, and it can stop asking', async () => {
    studioBackend.add(makeCollection({ testSuiteName: 'Nightly', suiteDescription: 'Every night' }));
    studioBackend.add(makeCollection({ testSuiteName: 'Weekly', suiteDescription: 'Every week' }));
    const { user } = openStudio();
    await pickCollection(user, 'Nightly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('Test Suite Open...');
    await user.type(nameField(), ' edited');

    await pickCollection(user, 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    let dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent(MESSAGES.unsavedData);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmation()).toBeNull());
    expect(nameField()).toHaveValue('Nightly edited');

    await user.click(screen.getByRole('button', { name: 'New collection' }));
    dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmation()).toBeNull());
    expect(nameField()).toHaveValue('Nightly edited');

    await user.click(screen.getByRole('button', { name: 'Open' }));
    dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(within(dialog).getByRole('checkbox', { name: MESSAGES.doNotShowAgain })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: MESSAGES.doNotShowAgain }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Every week'));

    // The warning is off now: further edits are dropped without asking.
    await user.type(nameField(), ' edited');
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    expect(confirmation()).toBeNull();
    expect(nameField()).toHaveValue('');
  });

  it('opens and starts collections without asking while nothing is edited', async () => {
    studioBackend.add(makeCollection({ testSuiteName: 'Nightly' }));
    const { user } = openStudio();
    await pickCollection(user, 'Nightly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('Test Suite Open...');
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    expect(confirmation()).toBeNull();
    expect(nameField()).toHaveValue('');
  });

  it('lets a clean Studio be left without asking', async () => {
    const { router, user } = openStudio();
    await startNew(user);
    await router.navigate({ to: '/control-room' });
    expect(currentPath(router)).toBe('/control-room');
    expect(confirmation()).toBeNull();
  });
});

describe('Studio tags and version', () => {
  it("gives a collection organization tags and a version, and saves their ids", async () => {
    const smoke = makeTag({ tagName: 'smoke' });
    const nightly = makeTag({ tagName: 'nightly' });
    const hidden = makeTag({ tagName: 'internal', hideTag: true });
    const v2 = makeTag({ tagName: 'v2.0', tagType: 'VERSION_TAG' });
    studioBackend.tags = [smoke, nightly, hidden, v2];
    const { user } = openStudio();
    await startNew(user);
    await user.type(nameField(), 'Tagged');

    await user.click(screen.getByRole('button', { name: /Tags$/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['smoke', 'nightly']);
    await user.click(screen.getByRole('option', { name: 'nightly' }));
    await user.click(screen.getByRole('option', { name: 'smoke' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await chooseOption(user, 'Version', 'v2.0');

    await user.click(saveButton());
    await screen.findByText('Test Suite Saved!');
    expect(studioBackend.saved[0]).toMatchObject({ tags: [nightly.id, smoke.id], version: v2.id });
  });

  it("creates tags and versions through saveTag and gives them to the collection; a taken name is 'Already Exists'", async () => {
    studioBackend.tags = [makeTag({ tagName: 'smoke' })];
    const { user } = openStudio();
    await startNew(user);
    await user.type(nameField(), 'Fresh tags');
    const newTag = () => screen.getByRole('group', { name: 'New tag' });
    const tagName = () => within(newTag()).getByRole('textbox', { name: 'New tag name' });

    await user.type(tagName(), 'SMOKE');
    await user.click(within(newTag()).getByRole('button', { name: 'Create tag' }));
    expect(await within(newTag()).findByText('Already Exists')).toBeInTheDocument();

    await user.clear(tagName());
    await user.type(tagName(), 'bad/name');
    await user.click(within(newTag()).getByRole('button', { name: 'Create tag' }));
    expect(within(newTag()).getByText('Special characters are not allowed!')).toBeInTheDocument();

    await user.clear(tagName());
    await user.type(tagName(), 'checkout');
    await user.click(within(newTag()).getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('Tag Saved')).toBeInTheDocument();
    expect(tagName()).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('button', { name: /Tags$/ })).toHaveTextContent('checkout'));

    await user.type(tagName(), 'v3.1');
    await user.click(within(newTag()).getByRole('radio', { name: 'Version' }));
    await user.click(within(newTag()).getByRole('button', { name: 'Create tag' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Version$/ })).toHaveTextContent('v3.1'));

    await user.click(saveButton());
    await screen.findByText('Test Suite Saved!');
    const byName = new Map(studioBackend.tags.map((tag) => [tag.tagName, tag]));
    expect(byName.get('checkout')?.tagType).toBe('ORGANIZATION_TAG');
    expect(byName.get('v3.1')?.tagType).toBe('VERSION_TAG');
    expect(studioBackend.saved[0]).toMatchObject({ tags: [byName.get('checkout')?.id], version: byName.get('v3.1')?.id });
  });
});

describe('Studio offline', () => {
  // An offline save is counted once its send is given up (a probe finds the link dead).
  const waitingCount = (count: number) =>
    screen.findByRole('status', { name: count === 1 ? '1 change waiting' : `${count} changes waiting` });
  // A kept change goes out on the next trigger or its backoff timer (full jitter, within a second at first).
  const noneWaiting = () => waitFor(() => expect(screen.queryByRole('status', { name: /changes? waiting/ })).not.toBeInTheDocument());

  it('saves a new collection offline twice: kept on screen, marked and counted, then one collection after reconnecting', async () => {
    const { user } = openStudio();
    await startNew(user);
    await user.type(nameField(), 'Field notes');
    const network = switchableNetwork();
    network.goOffline();

    await user.click(saveButton());
    expect(await screen.findByText(SAVED_OFFLINE_TEXT)).toBeInTheDocument();
    expect(await waitingCount(1)).toBeInTheDocument();
    expect(nameField()).toHaveValue('Field notes');
    await user.type(nameField(), ' v2');
    // Save stays pending (focusable, refusing presses) until the first save has given up its send (the count shows as
    // soon as it is stored).
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(saveButton());
    expect(await waitingCount(2)).toBeInTheDocument();
    expect(nameField()).toHaveValue('Field notes v2');
    expect(studioBackend.saved).toEqual([]);
    // The server has no copy to export yet.
    expect(exportButton()).toBeDisabled();
    // Nothing is unsaved any more: New starts without asking.
    await user.click(screen.getByRole('button', { name: /Collection$/ }));
    expect(await screen.findByRole('option', { name: 'Field notes v2' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    network.goOnline();
    await noneWaiting();
    expect(studioBackend.saved.map((saved) => saved.testSuiteName)).toEqual(['Field notes', 'Field notes v2']);
    expect([...studioBackend.collections.values()].map((stored) => stored.testSuiteName)).toEqual(['Field notes v2']);
    // The count goes with the last send; the mark with the answer that confirms it, a moment later.
    await waitFor(() => expect(screen.queryByText(SAVED_OFFLINE_TEXT)).not.toBeInTheDocument());
    // Synced, it can be exported without opening it again.
    await waitFor(() => expect(exportButton()).toBeEnabled());
  });

  it('keeps a save the server faults on, and sends it again on the backoff timer', async () => {
    const stored = studioBackend.add(makeCollection({ testSuiteName: 'Nightly' }));
    let faults = 1;
    server.use(http.post(anyOrigin(endpoints.collections.save), () => (faults-- > 0 ? errorResponse(503, 'Restarting') : undefined)));
    const { user } = openStudio();
    await pickCollection(user, 'Nightly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('Test Suite Open...');
    await user.type(nameField(), ' v2');
    await user.click(saveButton());

    expect(await screen.findByText(SAVED_OFFLINE_TEXT)).toBeInTheDocument();
    await noneWaiting();
    expect(studioBackend.collections.get(stored.id)?.testSuiteName).toBe('Nightly v2');
  });

  it('opens a collection offline from its kept copy, or from the newest save still waiting to sync', async () => {
    studioBackend.add(makeCollection({ testSuiteName: 'Nightly', suiteDescription: 'Every night' }));
    studioBackend.add(makeCollection({ testSuiteName: 'Weekly', suiteDescription: 'Every week' }));
    const { user } = openStudio();
    for (const name of ['Nightly', 'Weekly']) {
      await pickCollection(user, name);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await waitFor(() => expect(nameField()).toHaveValue(name));
    }
    const network = switchableNetwork();
    network.goOffline();

    await pickCollection(user, 'Nightly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Every night'));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ', offline');
    await user.click(saveButton());
    await waitingCount(1);
    // The count shows once the save is stored; the form counts as saved (so Open does not ask) once it is marked.
    expect(await screen.findByText(SAVED_OFFLINE_TEXT)).toBeInTheDocument();

    await pickCollection(user, 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Every week'));
    await pickCollection(user, 'Nightly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Every night, offline'));
    expect(screen.getByText(SAVED_OFFLINE_TEXT)).toBeInTheDocument();
  });

  it('reports a save the server refuses on replay by its collection and message, and keeps it listed until discarded', async () => {
    const stored = studioBackend.add(makeCollection({ testSuiteName: 'Nightly' }));
    const { user } = openStudio();
    await pickCollection(user, 'Nightly');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('Test Suite Open...');
    const network = switchableNetwork();
    network.goOffline();
    await user.clear(nameField());
    await user.type(nameField(), 'Release');
    await user.click(saveButton());
    // Kept once its first send failed (the count shows as soon as it is stored).
    expect(await screen.findByText(SAVED_OFFLINE_MESSAGE)).toBeInTheDocument();
    await waitingCount(1);
    // Meanwhile someone else took the name.
    studioBackend.add(makeCollection({ testSuiteName: 'Release' }));

    network.goOnline();
    expect(await screen.findByText("Collection 'Release' could not be saved: A collection named 'Release' already exists.")).toBeInTheDocument();
    await noneWaiting();
    expect(studioBackend.collections.get(stored.id)?.testSuiteName).toBe('Nightly');
    // The form still shows 'Release', which the server does not have: leaving it asks first.
    expect(nameField()).toHaveValue('Release');
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmation()).toBeNull());

    await user.click(await screen.findByRole('button', { name: '1 change not applied' }));
    const list = await screen.findByRole('dialog', { name: REFUSED_CHANGES_TITLE });
    expect(list).toHaveTextContent("Collection 'Release'");
    expect(list).toHaveTextContent("A collection named 'Release' already exists.");
    await user.click(within(list).getByRole('button', { name: "Discard the change to Collection 'Release'" }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '1 change not applied' })).not.toBeInTheDocument());
  });
});
