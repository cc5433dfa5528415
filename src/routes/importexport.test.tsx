import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { importExportBackend } from '../../tests/msw/importexport';
import { server } from '../../tests/msw/server';
import { makeCollection, studioBackend } from '../../tests/msw/studio-handlers';
import { buildExportFile, sampleCollection, sampleManifest } from '../../tests/support/collection-export';
import { fetchUploadTransport } from '../../tests/support/fetch-upload-transport';
import { renderApp, serveConfig, signInAs } from '../../tests/support/render-app';
import { saveBlob } from '../lib/save-blob';
import { configureAppOfflineQueues } from '../offline/app-queue-options';
import { offlineDb } from '../offline/db';
import { endpoints } from '../shared/endpoints';

withCloneableBlobs();

vi.mock('../lib/save-blob', () => ({ saveBlob: vi.fn() }));

type User = ReturnType<typeof renderApp>['user'];

beforeEach(async () => {
  importExportBackend.reset();
  studioBackend.reset();
  vi.mocked(saveBlob).mockClear();
  configureAppOfflineQueues({ uploads: { transport: fetchUploadTransport } });
  await Promise.all(offlineDb().tables.map((table) => table.clear()));
});

async function openSidebar(user: User): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Collection status' }));
  return screen.findByRole('complementary', { name: 'Collection status' });
}

describe('import and export in the app', () => {
  it('fills the sidebar panels and puts Import and Export in the Studio toolbar', async () => {
    signInAs(['STUDIO']);
    const { user } = renderApp('/automation-studio');
    const toolbar = await screen.findByRole('toolbar', { name: 'Collection' });
    expect(within(toolbar).getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(within(toolbar).getByRole('button', { name: 'Export' })).toBeDisabled();

    const sidebar = await openSidebar(user);
    const importExport = within(sidebar).getByRole('region', { name: 'Collection Import / Export' });
    expect(await within(importExport).findByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(await within(sidebar).findByText('No import is pending.')).toBeInTheDocument();
    expect(await within(sidebar).findByText('No export is in progress.')).toBeInTheDocument();
  });

  it('leaves import and export out when collectionImportExport is off', async () => {
    serveConfig({ collectionImportExport: false });
    signInAs(['STUDIO']);
    const { user } = renderApp('/automation-studio');
    const toolbar = await screen.findByRole('toolbar', { name: 'Collection' });
    expect(within(toolbar).queryByRole('button', { name: 'Export' })).toBeNull();
    const sidebar = await openSidebar(user);
    expect(within(sidebar).queryByRole('region', { name: 'Collection Import / Export' })).toBeNull();
  });

  it('exports the collection open in the Studio and saves the .bin', async () => {
    const stored = studioBackend.add(makeCollection({ testSuiteName: 'Checkout_suite' }));
    importExportBackend.exports.set(stored.id, await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Checkout_suite' }) })));
    signInAs(['STUDIO']);
    const { user } = renderApp('/automation-studio');
    await user.click(await screen.findByRole('button', { name: /Collection$/ }));
    await user.click(await screen.findByRole('option', { name: 'Checkout_suite' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('Test Suite Open...');

    await user.click(within(screen.getByRole('toolbar', { name: 'Collection' })).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Collection Export Started')).toBeInTheDocument();
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith('Checkout_suite.bin', expect.anything()));
  });

  it('imports the file chosen in the hidden input, opens the sidebar and refreshes the collection list', async () => {
    signInAs(['STUDIO']);
    let listReads = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === endpoints.collections.list) listReads += 1;
    });
    const { user } = renderApp('/automation-studio');
    await screen.findByRole('toolbar', { name: 'Collection' });
    await waitFor(() => expect(listReads).toBeGreaterThan(0));
    const readsBefore = listReads;

    const input = document.getElementById('collection-import-input') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'application/octet-stream');
    const bytes = await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Uploaded_suite' }) }));
    await user.upload(input, new File([bytes as Uint8Array<ArrayBuffer>], 'Uploaded_suite.bin', { type: 'application/octet-stream' }));

    expect(await screen.findByRole('complementary', { name: 'Collection status' })).toBeInTheDocument();
    expect(await screen.findByText('Collection Imported Successfully')).toBeInTheDocument();
    await waitFor(() => expect(listReads).toBeGreaterThan(readsBefore));
  });
});
