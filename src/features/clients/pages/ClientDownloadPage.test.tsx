import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientsFake, clientsHandlers, DESKTOP_ZIP_NAME, makeIosBuild } from '../../../../tests/msw/clients';
import { server } from '../../../../tests/msw/server';
import { renderApp, signInAs } from '../../../../tests/support/render-app';
import { captureSavedBlobs } from '../../../../tests/support/saved-blobs';
import { CLIENTS_MESSAGES } from '../../../shared/contracts/clients';
import { endpoints } from '../../../shared/endpoints';
import { DESKTOP_NOT_BUILT_RECHECK_MS } from '../api/clients';
import { ANDROID_TEXT } from '../components/AndroidClientCard';
import { DESKTOP_TEXT } from '../components/DesktopClientCard';
import { IOS_TEXT } from '../components/IosClientCard';
import { IOS_READY_BANNER } from './ClientDownloadPage';
import { waitUntil } from '../../../../tests/support/wait';

function card(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name });
}

beforeEach(() => {
  clientsFake.reset();
  server.use(...clientsHandlers);
  signInAs(['STUDIO']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ClientDownloadPage', () => {
  it('says the desktop client is not built yet, that no .exe is offered, and that there is no Android client', async () => {
    renderApp('/client-download');
    expect(await screen.findByText(CLIENTS_MESSAGES.desktopNotBuilt)).toBeInTheDocument();
    const desktop = await card(DESKTOP_TEXT.heading);
    expect(within(desktop).getByText(CLIENTS_MESSAGES.exeNotOffered)).toBeInTheDocument();
    expect(within(desktop).getByText(/Node\.js 20/)).toBeInTheDocument();
    expect(within(desktop).queryByRole('button')).toBeNull();
    const android = await card(ANDROID_TEXT.heading);
    expect(within(android).getByText(ANDROID_TEXT.none)).toBeInTheDocument();
    expect(within(android).queryByRole('button')).toBeNull();
    expect(within(android).queryByRole('link')).toBeNull();
  });

  it('offers the download by itself once the server has built the zip while the page was open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/client-download');
      const desktop = await card(DESKTOP_TEXT.heading);
      expect(await within(desktop).findByText(CLIENTS_MESSAGES.desktopNotBuilt)).toBeInTheDocument();
      clientsFake.desktopZip = new Uint8Array(2048);
      await act(() => vi.advanceTimersByTimeAsync(DESKTOP_NOT_BUILT_RECHECK_MS));
      expect(await within(desktop).findByRole('button', { name: `${DESKTOP_TEXT.download} (2.0 KB)` })).toBeInTheDocument();
      expect(within(desktop).queryByText(CLIENTS_MESSAGES.desktopNotBuilt)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers Generate, linking to the iOS builder, while no iOS client was ever generated; no banner without the query', async () => {
    const { user, router } = renderApp('/client-download');
    const ios = await card(IOS_TEXT.heading);
    expect(await within(ios).findByText(IOS_TEXT.neverGenerated)).toBeInTheDocument();
    expect(within(ios).queryByRole('button', { name: IOS_TEXT.download })).toBeNull();
    expect(screen.queryByText(IOS_READY_BANNER)).toBeNull();
    const generate = within(ios).getByRole('link', { name: IOS_TEXT.generate });
    await user.click(generate);
    await waitUntil(() => expect(router.state.location.pathname).toBe('/ios-builder'));
  });

  it('shows the banner on ?iOS-regenerate=finished and downloads the generated iOS archive with the bearer token', async () => {
    clientsFake.iosBuild = makeIosBuild();
    const saved = captureSavedBlobs();
    const { user } = renderApp('/client-download?iOS-regenerate=finished');
    expect(await screen.findByText(IOS_READY_BANNER)).toHaveAttribute('role', 'status');
    const ios = await card(IOS_TEXT.heading);
    await user.click(await within(ios).findByRole('button', { name: IOS_TEXT.download }));
    await waitUntil(() => expect(saved).toHaveLength(1));
    expect(new Uint8Array(await (saved[0] as Blob).arrayBuffer())).toEqual(clientsFake.iosArchive);
    expect(clientsFake.downloads).toEqual([endpoints.iosBuilder.download('ios-build-1')]);
    expect(within(ios).getByRole('link', { name: IOS_TEXT.regenerate })).toBeInTheDocument();
  });

  it('says an iOS generation is under way instead of offering a download', async () => {
    clientsFake.iosBuild = makeIosBuild({ Status: 'CREATING', URL: null, fileName: null, currentProgress: 30 });
    renderApp('/client-download');
    const ios = await card(IOS_TEXT.heading);
    expect(await within(ios).findByText(IOS_TEXT.generating)).toBeInTheDocument();
    expect(within(ios).queryByRole('button', { name: IOS_TEXT.download })).toBeNull();
    expect(within(ios).getByRole('link', { name: IOS_TEXT.watch })).toBeInTheDocument();
  });

  it('downloads the desktop zip with a progress bar that follows the bytes, then saves the whole file', async () => {
    clientsFake.desktopZip = Uint8Array.from({ length: 4096 }, (_, index) => index % 251);
    clientsFake.chunkDelayMs = 150;
    const saved = captureSavedBlobs();
    const { user } = renderApp('/client-download');
    const desktop = await card(DESKTOP_TEXT.heading);
    const button = await within(desktop).findByRole('button', { name: `${DESKTOP_TEXT.download} (4.0 KB)` });
    await user.click(button);
    const bar = await within(desktop).findByRole('progressbar', { name: DESKTOP_TEXT.progress });
    const seen = new Set<string>();
    await vi.waitFor(
      () => {
        const now = bar.isConnected ? bar.getAttribute('aria-valuenow') : null;
        if (now !== null) seen.add(now);
        expect(saved).toHaveLength(1);
      },
      { timeout: 20_000, interval: 20 },
    );
    // Between the first and the last piece the bar stood somewhere in the middle.
    expect([...seen].some((value) => Number(value) > 0 && Number(value) < 100)).toBe(true);
    expect(new Uint8Array(await (saved[0] as Blob).arrayBuffer())).toEqual(clientsFake.desktopZip);
    expect(clientsFake.downloads).toEqual([endpoints.clients.file(DESKTOP_ZIP_NAME)]);
    // The button is back for another download.
    expect(await within(desktop).findByRole('button', { name: /Download zip/ })).toBeInTheDocument();
  });

  it('without a permission for iOS builds, the iOS entry says so while Desktop still works', async () => {
    signInAs([]);
    clientsFake.desktopZip = new Uint8Array(10);
    renderApp('/client-download');
    const ios = await card(IOS_TEXT.heading);
    expect(await within(ios).findByRole('alert')).toHaveTextContent(/permission/);
    expect(within(ios).queryByRole('link')).toBeNull();
    expect(await within(await card(DESKTOP_TEXT.heading)).findByRole('button', { name: /Download zip/ })).toBeInTheDocument();
  });

  it('only logs a failed download and gives the button back', async () => {
    clientsFake.desktopZip = new Uint8Array(10);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/client-download');
    const desktop = await card(DESKTOP_TEXT.heading);
    const button = await within(desktop).findByRole('button', { name: /Download zip/ });
    // The file disappears between the URL and the download.
    act(() => {
      clientsFake.desktopZip = null;
    });
    await user.click(button);
    await waitUntil(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]?.[0])).toContain(DESKTOP_ZIP_NAME);
    expect(await within(desktop).findByRole('button', { name: /Download zip/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
