import type { Collection } from '../../../shared/contracts/collections';
import { deviceDisplayNameOf, type Device, type DevicesResponse } from '../../../shared/contracts/devices';
import { CheckboxGroup, type CheckboxOption } from '../../../ui/CheckboxGroup';

export type ResourceLists = DevicesResponse['data'];

const KIND_LABELS: Record<Device['cmdDeviceType'], string> = { MOBILE: 'Mobile', DESKTOP: 'Desktop', BROWSER: 'Browser' };

/** The resources a collection of this resource type can run on: HYBRID = mobile and desktop, BROWSER = browser. */
export function resourcesOfType(lists: ResourceLists, deviceType: Collection['deviceType']): Device[] {
  return deviceType === 'BROWSER' ? lists.browserDevices : [...lists.mobileDevices, ...lists.desktopDevices];
}

/** Options for the chosen resources; a chosen id no longer listed stays visible so it can be unticked. */
export function resourceOptions(devices: readonly Device[], chosen: Collection['hybridDeviceIds']): CheckboxOption[] {
  const listed = devices.map((device) => ({ id: device.deviceId, label: `${deviceDisplayNameOf(device)} (${KIND_LABELS[device.cmdDeviceType]})` }));
  const known = new Set(listed.map((option) => option.id));
  const missing = Object.entries(chosen)
    .filter(([id]) => !known.has(id))
    .map(([id, name]) => ({ id, label: `${name || id} (not available)` }));
  return [...listed, ...missing];
}

/** The device list as the Studio got it (a query's data and status). */
export interface ResourceListState {
  data: ResourceLists | undefined;
  status: 'pending' | 'error' | 'success';
}

const EMPTY_MESSAGES: Record<ResourceListState['status'], string> = {
  pending: 'Loading resources…',
  error: 'The resource list could not be loaded.',
  success: 'No resource of this type is registered.',
};

export interface ResourceChooserProps {
  collection: Collection;
  resources: ResourceListState;
  onChange: (hybridDeviceIds: Collection['hybridDeviceIds']) => void;
}

/**
 * Chooses the collection's hybridDeviceIds (resource id -> display name): a run then waits for one of these resources
 * instead of taking any free resource of the collection's type.
 */
export function ResourceChooser({ collection, resources, onChange }: ResourceChooserProps) {
  const devices = resources.data ? resourcesOfType(resources.data, collection.deviceType) : [];
  const byId = new Map(devices.map((device) => [device.deviceId, device]));
  const choose = (ids: string[]) =>
    onChange(
      Object.fromEntries(
        ids.map((id) => {
          const device = byId.get(id);
          return [id, device ? deviceDisplayNameOf(device) : (collection.hybridDeviceIds[id] ?? id)];
        }),
      ),
    );
  return (
    <CheckboxGroup
      label="Resources"
      description="None chosen: any free resource of the resource type. Chosen: the run waits for one of them."
      options={resourceOptions(devices, collection.hybridDeviceIds)}
      value={Object.keys(collection.hybridDeviceIds)}
      onChange={choose}
      emptyMessage={EMPTY_MESSAGES[resources.status]}
    />
  );
}
