import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/constants';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { isUnsavedWarningDisabled } from '../../../lib/unsaved-warning';

/** The guard holds only while the Studio form has unsaved edits: start a collection and name it. */
async function editNewCollection(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New collection' }));
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Unsaved');
}

async function openStudio() {
  signInAs(['STUDIO', 'CONTROL_ROOM']);
  const app = renderApp('/automation-studio');
  await editNewCollection(app.user);
  return app;
}

function leaveForControlRoom(router: Awaited<ReturnType<typeof openStudio>>['router']) {
  void router.navigate({ to: '/control-room' });
}

describe('unsaved-changes guard of automation-studio', () => {
  it('asks before leaving and stays on Cancel', async () => {
    const { router, user } = await openStudio();
    leaveForControlRoom(router);
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent(MESSAGES.unsavedData);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(currentPath(router)).toBe('/automation-studio');
  });

  it('ignores Escape: the dialog stays until a button is chosen', async () => {
    const { router, user } = await openStudio();
    leaveForControlRoom(router);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/automation-studio');
  });

  it('leaves on Yes without remembering anything when the box is not ticked', async () => {
    const { router, user } = await openStudio();
    leaveForControlRoom(router);
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(currentPath(router)).toBe('/control-room'));
    expect(isUnsavedWarningDisabled()).toBe(false);
  });

  it("stops asking after Yes with 'Do not show this message again'", async () => {
    const { router, user } = await openStudio();
    leaveForControlRoom(router);
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('checkbox', { name: MESSAGES.doNotShowAgain }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(currentPath(router)).toBe('/control-room'));
    expect(isUnsavedWarningDisabled()).toBe(true);

    await router.navigate({ to: '/automation-studio' });
    await editNewCollection(user);
    await router.navigate({ to: '/control-room' });
    expect(currentPath(router)).toBe('/control-room');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('never holds up a forced exit to the sign-in pages', async () => {
    const { router } = await openStudio();
    await router.navigate({ to: '/logged-out' });
    expect(currentPath(router)).toBe('/logged-out');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
