import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { emailBackend, makeEmailConfig } from '../../tests/msw/email';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { currentPath, renderApp, signInAs } from '../../tests/support/render-app';

describe('the Email Setup modal', () => {
  it("opens over the current screen from the settings menu's Email Setup, with the tabs the user is granted", async () => {
    signInAs(['STUDIO', 'EMAIL_SETUP', 'IMAP_EMAIL_ACCOUNT']);
    server.use(...emailBackend({ configs: [makeEmailConfig({ fromEmail: 'ops@example.test' })] }).handlers);
    const { router, user } = renderApp('/');
    const settings = await screen.findByRole('button', { name: 'Settings' });
    await user.click(settings);
    await user.click(await screen.findByRole('menuitem', { name: 'Email Setup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Setup' });
    expect(await within(dialog).findByText('ops@example.test')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Email Account' }));
    expect(within(dialog).getByRole('tab', { name: 'Email Account' })).toHaveAttribute('aria-selected', 'true');
    expect(currentPath(router)).toBe('/');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(settings).toHaveFocus();
  });

  it('opens over an embedded page that posts showEmailSetupPopup, only for a user the menu offers it to', async () => {
    server.use(http.get(anyOrigin('/parserConfig'), () => HttpResponse.text('parser config')), ...emailBackend().handlers);
    for (const [features, opens] of [
      [['CONFIG_PARSER'], false],
      [['CONFIG_PARSER', 'EMAIL_SETUP'], true],
    ] as const) {
      signInAs([...features]);
      const { unmount } = renderApp('/parser-config-builder');
      const frame = await screen.findByTitle<HTMLIFrameElement>('Parser Config Builder');
      await waitFor(() => expect(frame).toHaveAttribute('aria-busy', 'false'));
      // happy-dom does not load iframe pages; the frame's window is a stand-in the message names as its source.
      const frameWindow = { postMessage: () => undefined };
      Object.defineProperty(frame, 'contentWindow', { value: frameWindow });
      // The menu is built from the user's details: wait until they are loaded before posting.
      await screen.findByRole('button', { name: 'Settings' });
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'showEmailSetupPopup' }, origin: new URL(frame.src).origin, source: frameWindow as unknown as Window }));
      if (opens) expect(await screen.findByRole('dialog', { name: 'Email Setup' })).toBeInTheDocument();
      else await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      unmount();
    }
  });
});
