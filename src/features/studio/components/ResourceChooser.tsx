import { RESOURCE_KINDS_OF_TYPE, RESOURCE_KINDS_TEXT, type Collection } from '../../../shared/contracts/collections';
import { deviceOptionNameOf, type Device, type DevicesResponse } from '../../../shared/contracts/devices';
import { QUEUE_HINTS } from '../../../shared/contracts/runs';
import { CheckboxGroup, type CheckboxOption } from '../../../ui/CheckboxGroup';

export type ResourceLists = DevicesResponse['data'];

const KIND_LABELS: Record<Device['cmdDeviceType'], string> = { MOBILE: 'Mobile', DESKTOP: 'Desktop', BROWSER: 'Browser' };

/** The resources a collection of this resource type can run on: HYBRID = mobile, desktop and browser; BROWSER = browser. */
export function resourcesOfType(lists: ResourceLists, deviceType: Collection['deviceType']): Device[] {
  const all = [...lists.mobileDevices, ...lists.desktopDevices, ...lists.browserDevices];
  const kinds: readonly Device['cmdDeviceType'][] = RESOURCE_KINDS_OF_TYPE[deviceType];
  return all.filter((device) => kinds.includes(device.cmdDeviceType));
}

/** Options for the chosen resources (named by customName, spec part 1 §3); a chosen id no longer listed stays visible. */
export function resourceOptions(devices: readonly Device[], chosen: Collection['hybridDeviceIds']): CheckboxOption[] {
  const listed = devices.map((device) => ({ id: device.deviceId, label: `${deviceOptionNameOf(device)} (${KIND_LABELS[device.cmdDeviceType]})` }));
  const known = new Set(listed.map((option) => option.id));
  const missing = Object.entries(chosen)
    .filter(([id]) => !known.has(id))
    .map(([id, name]) => ({ id, label: `${name || id} (not available)` }));
  return [...listed, ...missing];
}

/**
 * Why a run of the collection would wait in the queue with no end in sight (the server says the same on the run):
 * none of the resources it may use is registered, or none is plugged in.
 */
export function resourceWaitHint(devices: readonly Device[], collection: Pick<Collection, 'deviceType' | 'hybridDeviceIds'>): string | null {
  const chosenIds = Object.keys(collection.hybridDeviceIds);
  const usable = chosenIds.length > 0 ? devices.filter((device) => chosenIds.includes(device.deviceId)) : devices;
  const resources = chosenIds.length > 0 ? 'chosen' : RESOURCE_KINDS_TEXT[collection.deviceType];
  if (usable.length === 0) return QUEUE_HINTS.noneRegistered(resources);
  return usable.some((device) => device.pluggedIn) ? null : QUEUE_HINTS.nonePluggedIn(resources);
}

/** The device list as the Studio got it (a query's data and status). */
export interface ResourceListState {
  data: ResourceLists | undefined;
  status: 'pending' | 'error' | 'success';
}

const EMPTY_MESSAGES: Record<Exclude<ResourceListState['status'], 'success'>, string> = {
  pending: 'Loading resources…',
  error: 'The resource list could not be loaded.',
};

export interface ResourceChooserProps {
  collection: Collection;
  resources: ResourceListState;
  onChange: (hybridDeviceIds: Collection['hybridDeviceIds']) => void;
}

/**
 * Chooses the collection's hybridDeviceIds (resource id -> name): a run then waits for one of these resources
 * instead of taking any free resource of the collection's type.
 */
export function ResourceChooser({ collection, resources, onChange }: ResourceChooserProps) {
  const devices = resources.data ? resourcesOfType(resources.data, collection.deviceType) : [];
  const byId = new Map(devices.map((device) => [device.deviceId, device]));
  const hint = resources.status === 'success' ? resourceWaitHint(devices, collection) : null;
  const choose = (ids: string[]) =>
    onChange(
      Object.fromEntries(
        ids.map((id) => {
          const device = byId.get(id);
          return [id, device ? deviceOptionNameOf(device) : (collection.hybridDeviceIds[id] ?? id)];
        }),
      ),
    );
  return (
    <div className="studio-resources">
      <CheckboxGroup
        label="Resources"
        description="None chosen: any free resource of the resource type. Chosen: the run waits for one of them."
        options={resourceOptions(devices, collection.hybridDeviceIds)}
        value={Object.keys(collection.hybridDeviceIds)}
        onChange={choose}
        emptyMessage={resources.status === 'success' ? undefined : EMPTY_MESSAGES[resources.status]}
      />
      {hint && (
        <p className="studio-resources__hint" role="note">
          {hint}
        </p>
      )}
    </div>
  );
}
