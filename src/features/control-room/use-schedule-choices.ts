import { useQueries, useQuery } from '@tanstack/react-query';
import { deviceOptionNameOf } from '../../shared/contracts/devices';
import type { ScheduleDevice } from '../../shared/contracts/schedules';
import { collectionsQuery } from './api/collections';
import { executableTestSuitesQuery } from './api/executable-test-suites';
import { resourcesQuery } from './api/resources';
import { scheduleDevicesQuery } from './api/schedule-devices';
import { tagsQuery } from './api/tags';
import type { ResourceOption } from './components/RuntimeOptionsFields';

const optionOf = (device: ScheduleDevice): ResourceOption => ({ id: device.deviceId, label: device.deviceName, deviceType: device.deviceType });

/**
 * What the schedule forms offer: collections and tags for the selector, the executable test suites a tag schedule
 * records, and the resources of the overrides. The current resources of a saved schedule are those its collections
 * use (getDevices/{scheduleId}); a schedule not saved yet has none known, so every resource is offered.
 */
export function useScheduleChoices(scheduleId: string | null) {
  const collections = useQuery(collectionsQuery());
  const tags = useQuery(tagsQuery());
  const executableSuites = useQuery(executableTestSuitesQuery());
  const resources = useQuery(resourcesQuery());
  const scheduleDevices = useQuery({ ...scheduleDevicesQuery(scheduleId ?? ''), enabled: scheduleId !== null });
  // A device option takes its name from customName and its value from deviceId (part 1 §3).
  const newResources: ResourceOption[] = (resources.data ?? []).map((device) => ({
    id: device.deviceId,
    label: deviceOptionNameOf(device),
    deviceType: device.deviceType,
  }));
  const currentResources: ResourceOption[] = scheduleId === null ? newResources : (scheduleDevices.data ?? []).map(optionOf);
  return {
    collections: collections.data ?? [],
    tags: tags.data ?? [],
    executableSuites: executableSuites.data ?? [],
    currentResources,
    newResources,
  };
}

/**
 * The resources the chosen collections ask for (getDevices/{collectionId}, one call per collection, cached), each once:
 * the current resources the schedule popup offers while its collections are being chosen.
 */
export function useCollectionResources(collectionIds: readonly string[]): ResourceOption[] {
  const results = useQueries({ queries: [...new Set(collectionIds)].map((id) => scheduleDevicesQuery(id)) });
  const byId = new Map<string, ResourceOption>();
  for (const device of results.flatMap((result) => result.data ?? [])) if (!byId.has(device.deviceId)) byId.set(device.deviceId, optionOf(device));
  return [...byId.values()];
}
