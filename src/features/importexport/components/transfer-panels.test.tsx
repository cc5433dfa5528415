import { withCloneableBlobs } from '../../../../tests/support/cloneable-blobs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authBackend } from '../../../../tests/msw/auth-backend';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { importExportBackend } from '../../../../tests/msw/importexport';
import { makeDevice } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { buildExportFile, sampleCollection, sampleManifest } from '../../../../tests/support/collection-export';
import { fetchUploadTransport } from '../../../../tests/support/fetch-upload-transport';
import { createQueryClient } from '../../../lib/query-client';
import { saveBlob } from '../../../lib/save-blob';
import { clearSession, setSession } from '../../../lib/session';
import { configureAppOfflineQueues } from '../../../offline/app-queue-options';
import { offlineDb, recentStatusIds, type PendingImport } from '../../../offline/db';
import { endpoints } from '../../../shared/endpoints';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { exportFileProblem } from '../api/export-file';
import { importExportKeys } from '../api/importexport-keys';
import { importCollectionFile } from '../import-collection-file';
import { DownloadQueuePanel } from './DownloadQueuePanel';
import { ImportExportPanel } from './ImportExportPanel';
import { PendingImportsPanel } from './PendingImportsPanel';
import { StudioTransferButtons } from './StudioTransferButtons';
import { TransferWatcher } from './TransferWatcher';
import { UpdateDetailModal, type ResourceListState } from './UpdateDetailModal';

withCloneableBlobs();

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

function renderTransfers(ui: ReactNode) {
  toastQueue.clear();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, user: userEvent.setup() };
}

async function exportFile(name: string, attachmentSizes: readonly number[] = []): Promise<Uint8Array> {
  return buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: name }) }), attachmentSizes);
}

const binFile = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/octet-stream' });

const phone = makeDevice({ cmdDeviceType: 'MOBILE', deviceId: 'lab-phone', customName: 'Lab phone' });
const resources: ResourceListState = { status: 'success', data: { mobileDevices: [phone], desktopDevices: [], browserDevices: [] } };

/** An export whose collection uses a resource this platform lacks, so its import waits for the user. */
async function exportNeedingPhone(): Promise<Uint8Array> {
  return buildExportFile(
    sampleManifest({
      collection: sampleCollection({ testSuiteName: 'Phone_suite', hybridDeviceIds: { 'far-phone': 'Far phone' } }),
      references: { resources: [{ id: 'far-phone', name: 'Far phone', type: 'MobileDevice' }], variables: [], emailConfigs: [] },
    }),
  );
}

beforeEach(async () => {
  importExportBackend.reset();
  setSession(authBackend.issueSession(authBackend.addUser()));
  configureAppOfflineQueues({ uploads: { transport: fetchUploadTransport }, downloads: { verify: exportFileProblem } });
  await Promise.all(offlineDb().tables.map((table) => table.clear()));
});

afterEach(() => {
  vi.mocked(saveBlob).mockClear();
});

describe('collection import', () => {
  it('imports a complete collection through the upload queue, keeps its status id and refreshes the collection lists', async () => {
    const onCollectionsChanged = vi.fn();
    const { queryClient } = renderTransfers(<TransferWatcher onCollectionsChanged={onCollectionsChanged} />);
    await waitFor(() => expect(queryClient.getQueryData(importExportKeys.status())).toEqual([]));

    await importCollectionFile(queryClient, binFile(await exportFile('Exported_Suite'), 'Exported_Suite.bin'));

    expect(await screen.findByText('Collection Imported Successfully')).toBeInTheDocument();
    const [process] = importExportBackend.processes;
    expect(process).toMatchObject({ status: 'COMPLETED', name: 'Exported_Suite' });
    await waitFor(async () => expect(await recentStatusIds(offlineDb())).toEqual([process?.statusId]));
    await waitFor(() => expect(onCollectionsChanged).toHaveBeenCalled());
    expect(await offlineDb().uploads.count()).toBe(0);
  });

  it('refreshes the collection lists even when the first getStatus answer already holds the finished import', async () => {
    server.use(
      http.get(anyOrigin(endpoints.importExport.status), async () => {
        await delay(300);
        return HttpResponse.json({ status: true, data: importExportBackend.processes });
      }),
    );
    const onCollectionsChanged = vi.fn();
    const { queryClient } = renderTransfers(<TransferWatcher onCollectionsChanged={onCollectionsChanged} />);
    await importCollectionFile(queryClient, binFile(await exportFile('Early_Suite'), 'Early_Suite.bin'));
    expect(await screen.findByText('Collection Imported Successfully')).toBeInTheDocument();
    await waitFor(() => expect(onCollectionsChanged).toHaveBeenCalled());
  });

  it("rejects a truncated file with the server's reason and changes nothing", async () => {
    const onCollectionsChanged = vi.fn();
    const { queryClient } = renderTransfers(<TransferWatcher onCollectionsChanged={onCollectionsChanged} />);
    const whole = await exportFile('Cut_Suite');

    await importCollectionFile(queryClient, binFile(whole.slice(0, whole.length - 10), 'Cut_Suite.bin'));

    expect(await screen.findByText(/^Collection Import Failed! The file is truncated/)).toBeInTheDocument();
    expect(importExportBackend.processes).toEqual([]);
    expect(await recentStatusIds(offlineDb())).toEqual([]);
    expect(onCollectionsChanged).not.toHaveBeenCalled();
  });

  it("says '{name} Import Failed' when a refused upload carries no message", async () => {
    server.use(http.post(anyOrigin(endpoints.importExport.importExport), () => new HttpResponse(null, { status: 400 })));
    const { queryClient } = renderTransfers(<TransferWatcher onCollectionsChanged={() => undefined} />);
    await importCollectionFile(queryClient, binFile(await exportFile('Quiet_Suite'), 'Quiet_Suite.bin'));
    expect(await screen.findByText('Quiet_Suite Import Failed')).toBeInTheDocument();
  });

  it('shows the import in the Import / Export panel, whose Import button opens the file chooser', async () => {
    const onImport = vi.fn();
    const { user, queryClient } = renderTransfers(<ImportExportPanel collections={[]} onImport={onImport} />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(onImport).toHaveBeenCalledTimes(1);

    clearSession(); // Paused queues: the upload waits, as it would offline.
    await importCollectionFile(queryClient, binFile(await exportFile('Waiting_Suite'), 'Waiting_Suite.bin'));
    const imports = await screen.findByRole('list', { name: 'Imports in progress' });
    expect(within(imports).getByRole('progressbar', { name: 'Import Waiting_Suite' })).toHaveAttribute('aria-valuenow', '1');
  });
});

describe('pending imports and Update Detail', () => {
  it('lists a pending import, asks for what it lacks, and completes it through the update', async () => {
    const onCollectionsChanged = vi.fn();
    const { user, queryClient } = renderTransfers(
      <>
        <TransferWatcher onCollectionsChanged={onCollectionsChanged} />
        <PendingImportsPanel resources={resources} />
      </>,
    );
    expect(await screen.findByText('No import is pending.')).toBeInTheDocument();

    await importCollectionFile(queryClient, binFile(await exportNeedingPhone(), 'Phone_suite.bin'));
    expect(await screen.findByText('Phone_suite needs 1 more detail before it can be imported.', { selector: '.ui-toast *' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Pending imports' });
    expect(within(list).getByRole('listitem', { name: 'Phone_suite' })).toBeInTheDocument();
    expect(screen.getByText(/^updated \d+ s ago$/)).toBeInTheDocument();
    // Kept in Dexie too, so an offline reload still lists it.
    await waitFor(async () => expect(await offlineDb().pendingImports.toArray()).toMatchObject([{ name: 'Phone_suite', importDataRequired: [{}, { id: 'device-far-phone' }] }]));

    await user.click(within(list).getByRole('button', { name: 'Update Phone_suite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Detail - Phone_suite' });
    expect(within(dialog).getByRole('textbox', { name: 'Collection name' })).toHaveValue('Phone_suite');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(importExportBackend.processes[0]?.status).toBe('PENDING');

    await user.click(within(dialog).getByRole('button', { name: /Mobile resource for Far phone/ }));
    await user.click(await screen.findByRole('option', { name: 'Lab phone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Collection Updated Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('No import is pending.')).toBeInTheDocument();
    expect(importExportBackend.processes[0]?.status).toBe('COMPLETED');
    await waitFor(() => expect(onCollectionsChanged).toHaveBeenCalledTimes(1));
    await waitFor(async () => expect(await offlineDb().pendingImports.count()).toBe(0));
  });

  it('lists the pending imports kept in Dexie while getStatus cannot be reached', async () => {
    server.use(http.get(anyOrigin(endpoints.importExport.status), () => HttpResponse.error()));
    const kept: PendingImport = {
      id: 'import-9',
      importId: 'import-9',
      name: 'Offline_suite',
      statusId: 'import-9',
      action: 'UPDATE',
      message: 'Offline_suite needs 1 more detail before it can be imported.',
      importDataRequired: [{ id: 'variable-TOKEN', name: 'TOKEN', type: 'String', currentData: 'TOKEN' }],
      dataUpdated: [],
    };
    await offlineDb().pendingImports.put(kept);
    renderTransfers(<PendingImportsPanel resources={resources} />);
    const list = await screen.findByRole('list', { name: 'Pending imports' });
    expect(within(list).getByRole('listitem', { name: 'Offline_suite' })).toBeInTheDocument();
  });

  const waiting: PendingImport = {
    id: 'import-1',
    importId: 'import-1',
    name: 'Mail_suite',
    statusId: 'import-1',
    action: 'UPDATE',
    message: 'Mail_suite needs 1 more detail before it can be imported.',
    importDataRequired: [
      { id: 'collection-name', name: 'Collection name', type: 'String', currentData: 'Mail_suite' },
      { id: 'emailconfig-smtp-1', name: 'Team mail', type: 'EmailConfig', currentData: 'smtp-1' },
    ],
    dataUpdated: [],
  };

  it("shows the server's reason on the field it concerns, and '{name} Update Failed' when there is none", async () => {
    let answer = () => errorResponse(400, 'Mail_suite Update Failed: Duplicate Name', { 'dataUpdated.0.data': ['Duplicate Name'] });
    server.use(http.put(anyOrigin(endpoints.importExport.importExport), () => answer()));
    const onClose = vi.fn();
    const { user } = renderTransfers(<UpdateDetailModal pending={waiting} resources={resources} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Update Detail - Mail_suite' });
    expect(within(dialog).getByRole('textbox', { name: 'E-mail configuration Team mail' })).toHaveValue('smtp-1');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mail_suite Update Failed: Duplicate Name')).toBeInTheDocument();
    expect(within(dialog).getByText('Duplicate Name')).toBeInTheDocument();

    answer = () => new HttpResponse(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mail_suite Update Failed')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('checks the collection name against the name rule before sending', async () => {
    const { user } = renderTransfers(<UpdateDetailModal pending={waiting} resources={resources} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Update Detail - Mail_suite' });
    const name = within(dialog).getByRole('textbox', { name: 'Collection name' });
    await user.clear(name);
    await user.type(name, 'Mail/suite');
    await user.tab();
    expect(within(dialog).getByText('Special characters are not allowed!')).toBeInTheDocument();
  });
});

describe('collection export', () => {
  it('queues the export from the Studio buttons, shows its messages, and saves the checked file as a .bin', async () => {
    const file = await exportFile('Exported_Suite', [4096]);
    importExportBackend.exports.set('c1', file);
    const onImport = vi.fn();
    const { user } = renderTransfers(
      <>
        <TransferWatcher onCollectionsChanged={() => undefined} />
        <StudioTransferButtons collection={{ id: 'c1', name: 'Exported_Suite' }} onImport={onImport} />
        <DownloadQueuePanel />
      </>,
    );
    expect(await screen.findByText('No export is in progress.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Collection Export Started')).toBeInTheDocument();
    expect(screen.getByText('Do not close or refresh the page until download completes', { selector: '.ui-toast *' })).toBeInTheDocument();
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [fileName, saved] = vi.mocked(saveBlob).mock.calls[0] ?? [];
    expect(fileName).toBe('Exported_Suite.bin');
    expect(Buffer.from(await (saved as Blob).arrayBuffer()).equals(Buffer.from(file))).toBe(true);
    expect(await screen.findByText('No export is in progress.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(onImport).toHaveBeenCalledTimes(1);
  });

  it("says '{name} collection export failed!' when the server refuses the export, and keeps the item to retry or remove", async () => {
    const { user } = renderTransfers(
      <>
        <TransferWatcher onCollectionsChanged={() => undefined} />
        <ImportExportPanel collections={[{ id: 'gone', name: 'Gone_Suite' }]} onImport={() => undefined} />
        <DownloadQueuePanel />
      </>,
    );
    expect(await screen.findByText('No export is in progress.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Collection to export/ }));
    await user.click(await screen.findByRole('option', { name: 'Gone_Suite' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Gone_Suite collection export failed!')).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Gone_Suite' });
    expect(within(row).getByText('File download failed, please try again')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Retry Gone_Suite' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove Gone_Suite' }));
    expect(await screen.findByText('No export is in progress.')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it("fails a file whose checksum does not match with 'File download failed, please try again' and the reason", async () => {
    const file = await exportFile('Damaged_Suite', [2048]);
    const last = file.length - 1;
    file[last] = (file[last] ?? 0) ^ 0xff;
    importExportBackend.exports.set('d1', file);
    const { user } = renderTransfers(
      <>
        <TransferWatcher onCollectionsChanged={() => undefined} />
        <StudioTransferButtons collection={{ id: 'd1', name: 'Damaged_Suite' }} onImport={() => undefined} />
        <DownloadQueuePanel />
      </>,
    );
    expect(await screen.findByText('No export is in progress.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('File download failed, please try again', { selector: '.ui-toast *' })).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Damaged_Suite' });
    expect(within(row).getByText(/checksum/)).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('shows each waiting export with its progress and the keep-open alert; Remove works from the keyboard', async () => {
    clearSession(); // Paused queues: the stored item stays where it stopped.
    await offlineDb().downloads.add({
      id: 'big',
      url: '/api/rta/AndroidAutomationServer/api/importexport?id=big',
      fileName: 'Big_Suite.bin',
      label: 'Big_Suite',
      etag: '"big-v1"',
      totalBytes: 1000,
      receivedBytes: 420,
      progress: 42,
      status: 'downloading',
      createdAt: 1,
    });
    const { user } = renderTransfers(<DownloadQueuePanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Do not close or refresh the page until download completes');
    const row = screen.getByRole('listitem', { name: 'Big_Suite' });
    expect(within(row).getByRole('progressbar', { name: 'Export Big_Suite' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(row).getByText('Downloading.')).toBeInTheDocument();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await within(row).findByText('Waiting for the network.')).toBeInTheDocument();
    onLine.mockRestore();

    await user.tab();
    expect(within(row).getByRole('button', { name: 'Remove Big_Suite' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No export is in progress.')).toBeInTheDocument();
    expect(await offlineDb().downloads.count()).toBe(0);
  });
});
