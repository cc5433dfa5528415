import { http, HttpResponse } from 'msw';
import {
  deviceSchema,
  devicesResponseSchema,
  RESOURCE_SAVED_MESSAGE,
  resourceNotFoundMessage,
  setDeviceNameQuerySchema,
  type CmdDeviceType,
  type Device,
} from '../../src/shared/contracts/devices';
import {
  IMAGE_FILTER_GROUP_KEYS,
  IMAGE_FILTER_SAVED_MESSAGE,
  imageFilterGroupsSchema,
  imageFilterNotFoundMessage,
  saveImageFilterQuerySchema,
  type ImageFilter,
} from '../../src/shared/contracts/image-filters';
import { isClientRecordId } from '../../src/shared/contracts/client-ids';
import { messageResponseSchema, RUN_MESSAGES } from '../../src/shared/contracts/runs';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';
import { createIdempotencyStore } from './idempotency';

const LIST_OF_KIND = { MOBILE: 'mobileDevices', DESKTOP: 'desktopDevices', BROWSER: 'browserDevices' } as const;

export function makeDevice(overrides: Partial<Device> & Pick<Device, 'cmdDeviceType'>): Device {
  const deviceId = overrides.deviceId ?? nextId('device');
  return deviceSchema.parse({
    id: deviceId,
    deviceId,
    deviceName: `Device ${deviceId}`,
    deviceDisplayName: '',
    customName: '',
    assignedCustomName: '',
    deviceModel: 'Model X',
    deviceOS: 'os',
    deviceOSDisplay: 'OS 1',
    deviceType: overrides.cmdDeviceType,
    pluggedIn: true,
    deviceInUse: false,
    ...overrides,
  });
}

/** getdevices' answer for these devices, each in the list of its kind. */
export function devicesListResponse(devices: readonly Device[]) {
  const data = { mobileDevices: [] as Device[], desktopDevices: [] as Device[], browserDevices: [] as Device[] };
  for (const device of devices) data[LIST_OF_KIND[device.cmdDeviceType]].push(device);
  return HttpResponse.json(devicesResponseSchema.parse({ status: true, data }));
}

/** Requests the fake resources backend received, in order, for assertions. */
export interface ResourcesCalls {
  renames: { kind: CmdDeviceType; deviceId: string; deviceDisplayName: string }[];
  releases: { deviceId: string; deviceType: string | null }[];
  filterSaves: URLSearchParams[];
}

export interface ResourcesBackendOptions {
  devices?: Device[];
  filters?: ImageFilter[];
  /** Answer every release with this status instead of releasing. */
  releaseFailure?: number;
  /** Answer the filters list with this status. */
  filtersFailure?: number;
}

/** A stateful fake of the devices, release and image filter endpoints, answering with the contract schemas. */
export function resourcesBackend({ devices = [], filters = [], releaseFailure, filtersFailure }: ResourcesBackendOptions = {}) {
  const state = { devices: [...devices], filters: [...filters] };
  const calls: ResourcesCalls = { renames: [], releases: [], filterSaves: [] };
  const idempotency = createIdempotencyStore();

  const renameHandler = (kind: CmdDeviceType, path: string) =>
    http.get(anyOrigin(path), ({ request }) => {
      const query = setDeviceNameQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      calls.renames.push({ kind, ...query });
      const current = state.devices.find((device) => device.cmdDeviceType === kind && device.deviceId === query.deviceId);
      if (!current) return errorResponse(404, resourceNotFoundMessage(query.deviceId));
      const renamed = { ...current, deviceDisplayName: query.deviceDisplayName };
      state.devices = state.devices.map((device) => (device === current ? renamed : device));
      return HttpResponse.json({ status: true, message: RESOURCE_SAVED_MESSAGE, data: renamed });
    });

  const handlers = [
    http.get(anyOrigin(endpoints.devices.list), () => devicesListResponse(state.devices)),
    renameHandler('MOBILE', endpoints.devices.setMobileName),
    renameHandler('DESKTOP', endpoints.devices.setDesktopName),
    renameHandler('BROWSER', endpoints.devices.setBrowserName),
    http.post(anyOrigin(endpoints.runs.releaseDevice), async ({ request }) => {
      const deviceId = new URL(request.url).searchParams.get('deviceId') ?? '';
      calls.releases.push({ deviceId, deviceType: new URLSearchParams(await request.text()).get('deviceType') });
      if (releaseFailure !== undefined) return errorResponse(releaseFailure, 'Only a busy device can be released.');
      state.devices = state.devices.map((device) => (device.deviceId === deviceId ? { ...device, deviceInUse: false } : device));
      return HttpResponse.json(messageResponseSchema.parse({ success: true, message: RUN_MESSAGES.released }));
    }),
    http.get(anyOrigin(endpoints.imageFilters.list), () => {
      if (filtersFailure !== undefined) return errorResponse(filtersFailure, 'down');
      const groups = imageFilterGroupsSchema.parse(
        Object.fromEntries(Object.entries(IMAGE_FILTER_GROUP_KEYS).map(([type, key]) => [key, state.filters.filter((filter) => filter.type === type)])),
      );
      return HttpResponse.json({ status: true, data: JSON.stringify(groups) });
    }),
    http.post(
      anyOrigin(endpoints.imageFilters.save),
      idempotency.honour((request) => {
        const params = new URL(request.url).searchParams;
        calls.filterSaves.push(params);
        const query = saveImageFilterQuerySchema.parse(Object.fromEntries(params));
        const filter: ImageFilter = { id: query.id ?? nextId('filter'), type: query.type, name: query.name };
        const index = state.filters.findIndex((candidate) => candidate.id === query.id);
        if (index >= 0) state.filters[index] = filter;
        // As the server: an unknown id is a 404, unless it is one the client made for a new filter.
        else if (query.id !== undefined && !isClientRecordId(query.id)) return errorResponse(404, imageFilterNotFoundMessage(query.id));
        else state.filters.push(filter);
        return HttpResponse.json({ status: true, message: IMAGE_FILTER_SAVED_MESSAGE, data: filter });
      }),
    ),
  ];

  return { state, calls, handlers };
}
