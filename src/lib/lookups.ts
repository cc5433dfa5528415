import { tagListResponseSchema, type Tag } from '../shared/contracts/collections';
import { devicesResponseSchema, type Device } from '../shared/contracts/devices';
import { endpoints } from '../shared/endpoints';
import { apiJson } from './api-client';

/**
 * Lists several areas read for their names and choices (each area keeps its own query key and poll period): the one
 * fetcher of each, so features do not import each other's.
 */

/** GET {automation}/stats/getdevices: every resource, mobile, desktop and browser, in one list. */
export async function fetchAllDevices(signal?: AbortSignal): Promise<Device[]> {
  const { data } = await apiJson(endpoints.devices.list, devicesResponseSchema, { signal });
  return [...data.mobileDevices, ...data.desktopDevices, ...data.browserDevices];
}

/** GET /api/tags/tagsManagement/getAllTags: organization and version tags. */
export async function fetchAllTags(signal?: AbortSignal): Promise<Tag[]> {
  return (await apiJson(endpoints.tags.all, tagListResponseSchema, { signal })).data;
}
