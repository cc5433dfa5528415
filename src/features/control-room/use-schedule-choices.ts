import { useQuery } from '@tanstack/react-query';
import { deviceDisplayNameOf } from '../../shared/contracts/devices';
import { collectionsQuery } from './api/collections';
import { resourcesQuery } from './api/resources';
import { scheduleDevicesQuery } from './api/schedule-devices';
import { tagsQuery } from './api/tags';
import type { ResourceOption } from './components/RuntimeOptionsFields';

/**
 * What the schedule forms offer: collections and tags for the selector, and the resources of the overrides. The
 * current resources are those the schedule's collections use (getDevices/{id}); a schedule not saved yet has none
 * known, so every resource is offered.
 */
export function useScheduleChoices(scheduleId: string | null) {
  const collections = useQuery(collectionsQuery());
  const tags = useQuery(tagsQuery());
  const resources = useQuery(resourcesQuery());
  const scheduleDevices = useQuery({ ...scheduleDevicesQuery(scheduleId ?? ''), enabled: scheduleId !== null });
  // A device option takes its name from customName and its value from deviceId (part 1 §3).
  const newResources: ResourceOption[] = (resources.data ?? []).map((device) => ({
    id: device.deviceId,
    label: device.customName || deviceDisplayNameOf(device),
    deviceType: device.deviceType,
  }));
  const currentResources: ResourceOption[] =
    scheduleId === null ? newResources : (scheduleDevices.data ?? []).map((device) => ({ id: device.deviceId, label: device.deviceName, deviceType: device.deviceType }));
  return { collections: collections.data ?? [], tags: tags.data ?? [], currentResources, newResources, isLoadingDevices: scheduleDevices.isLoading };
}
