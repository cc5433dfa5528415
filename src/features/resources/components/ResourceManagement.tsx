import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { required } from '../../../lib/validators';
import { SavedOfflineBadge } from '../../../offline/components/PendingChanges';
import { SAVED_OFFLINE_MESSAGE } from '../../../offline/pending-texts';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { usePendingOverlay, usePendingRecords } from '../../../offline/queue-views';
import { useOfflineMutation } from '../../../offline/use-offline-mutation';
import { MESSAGES, POLL } from '../../../shared/constants';
import { CMD_DEVICE_TYPES, deviceDisplayNameOf, RESOURCE_SAVED_MESSAGE, type CmdDeviceType, type Device } from '../../../shared/contracts/devices';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn, type DataTableValues } from '../../../ui/DataTable';
import { Link } from '../../../ui/Link';
import { RadioGroup } from '../../../ui/RadioGroup';
import { toast } from '../../../ui/toast-queue';
import { devicesQuery, type DeviceLists } from '../api/devices';
import { releaseDevice } from '../api/release-device';
import { deviceRecord, renameDeviceMutation, type DeviceRename } from '../api/rename-device';
import { deviceTypeLabelOf, stfDeviceUrl } from '../device-control-link';
import { deviceStatusOf, isReleasable } from '../device-status';
import { RESOURCE_MESSAGES } from '../resource-messages';
import { AddRemoteBrowserDialog } from './AddRemoteBrowserDialog';
import { GatewayAgentsPanel } from './GatewayAgentsPanel';
import './resources.css';

export interface ResourceManagementProps {
  /** The BrowserResource flag of the stored config: only then is there a Browser filter. */
  browserEnabled: boolean;
  /** Device control (STF) when the stored config names its port: each phone's row links to its page there. */
  deviceControlUrl?: string;
}

const KIND_LISTS: Record<CmdDeviceType, keyof DeviceLists> = {
  MOBILE: 'mobileDevices',
  DESKTOP: 'desktopDevices',
  BROWSER: 'browserDevices',
};

const KIND_LABELS: Record<CmdDeviceType, string> = { MOBILE: 'Mobile', DESKTOP: 'Desktop', BROWSER: 'Browser' };

function isCmdDeviceType(value: string): value is CmdDeviceType {
  return (CMD_DEVICE_TYPES as readonly string[]).includes(value);
}

/**
 * Resource Management (spec part 1 §2): the resources of one kind, renamed inline, busy ones releasable; under Browser,
 * browsers on other machines can be added; under Mobile, each phone links to its page in device control (issue 28).
 */
export function ResourceManagement({ browserEnabled, deviceControlUrl }: ResourceManagementProps) {
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQuery());
  const lists = usePendingOverlay(devicesQuery().queryKey, devices.data);
  const [chosenKind, setChosenKind] = useState<CmdDeviceType | null>(null);
  const [toRelease, setToRelease] = useState<Device | null>(null);
  const [addingRemoteBrowser, setAddingRemoteBrowser] = useState(false);

  const kinds = CMD_DEVICE_TYPES.filter((kind) => kind !== 'BROWSER' || browserEnabled);
  // Until the user picks a kind, show the first kind that has resources, so a server with only browsers shows them.
  const firstWithResources = kinds.find((candidate) => (lists?.[KIND_LISTS[candidate]].length ?? 0) > 0);
  const kind = chosenKind && kinds.includes(chosenKind) ? chosenKind : (firstWithResources ?? 'MOBILE');
  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesQuery().queryKey });

  const release = useMutation({
    mutationFn: releaseDevice,
    onSuccess: () => toast.success(RESOURCE_MESSAGES.released),
    onError: () => toast.error(RESOURCE_MESSAGES.releaseFailed),
    onSettled: refresh,
  });

  const rename = useOfflineMutation(renameDeviceMutation);
  const pendingRecords = usePendingRecords();

  const saveName = async (device: Device, changes: DataTableValues) => {
    const renamed: DeviceRename = { deviceId: device.deviceId, cmdDeviceType: device.cmdDeviceType, deviceDisplayName: (changes.deviceDisplayName ?? '').trim() };
    try {
      const outcome = await rename.mutateAsync(renamed);
      if (outcome.state === 'queued') {
        // Saved offline: the table shows the new name (usePendingOverlay), marked, until the rename reaches the server.
        toast.info(SAVED_OFFLINE_MESSAGE);
        return;
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
      throw error;
    }
    toast.success(RESOURCE_SAVED_MESSAGE);
    await refresh();
  };

  const columns: DataTableColumn<Device>[] = [
    { key: 'deviceDisplayName', header: 'Name', value: deviceDisplayNameOf, editable: true, validate: (value) => required(value), isRowHeader: true },
    { key: 'deviceId', header: 'Device Id' },
    { key: 'deviceModel', header: 'Model' },
    { key: 'deviceOSDisplay', header: 'OS', value: (device) => device.deviceOSDisplay || device.deviceOS },
    { key: 'deviceType', header: 'Type', value: deviceTypeLabelOf },
    {
      key: 'status',
      header: 'Status',
      value: deviceStatusOf,
      render: (device) => <span className={`resource-status resource-status--${deviceStatusOf(device).toLowerCase()}`}>{deviceStatusOf(device)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      value: () => '',
      render: (device) => (
        <div className="resources__actions">
          {deviceControlUrl && device.cmdDeviceType === 'MOBILE' && (
            <Link href={stfDeviceUrl(deviceControlUrl, device)} target="_blank" rel="noopener noreferrer" aria-label={`Open ${deviceDisplayNameOf(device)} in device control (new tab)`}>
              Device control
            </Link>
          )}
          {isReleasable(device) && (
            <Button variant="danger" aria-label={`Release ${deviceDisplayNameOf(device)}`} onPress={() => setToRelease(device)}>
              Release
            </Button>
          )}
          {pendingRecords.has(deviceRecord(device.deviceId)) && <SavedOfflineBadge />}
        </div>
      ),
    },
  ];

  return (
    <section className="resources" aria-label="Resource Management">
      <RadioGroup
        label="Resource type"
        options={kinds.map((id) => ({ id, label: KIND_LABELS[id] }))}
        value={kind}
        onChange={(value) => {
          if (isCmdDeviceType(value)) setChosenKind(value);
        }}
      />
      <UpdatedAgo updatedAt={devices.dataUpdatedAt} periodMs={POLL.deviceStatusMs} />
      {/* A failed poll keeps the last list, marked with its age (spec §8: poll errors are silent). */}
      {devices.isError && !devices.data && <p role="alert">{MESSAGES.somethingWentWrong}</p>}
      {kind === 'BROWSER' && (
        <Button className="resources__add-remote-browser" onPress={() => setAddingRemoteBrowser(true)}>
          Add remote browser
        </Button>
      )}
      <DataTable label={`${KIND_LABELS[kind]} resources`} columns={columns} rows={lists?.[KIND_LISTS[kind]] ?? []} onSave={saveName} />
      <AddRemoteBrowserDialog isOpen={addingRemoteBrowser} onClose={() => setAddingRemoteBrowser(false)} />
      {kind === 'DESKTOP' && <GatewayAgentsPanel />}
      <ConfirmDialog
        isOpen={toRelease !== null}
        message={RESOURCE_MESSAGES.releaseConfirm}
        onCancel={() => setToRelease(null)}
        onConfirm={() => {
          if (toRelease) release.mutate(toRelease);
          setToRelease(null);
        }}
      />
    </section>
  );
}
