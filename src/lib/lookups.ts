import { collectionListResponseSchema, tagListResponseSchema, type CollectionSummary, type Tag } from '../shared/contracts/collections';
import { devicesResponseSchema, type Device } from '../shared/contracts/devices';
import { scheduleListResponseSchema, type Schedule } from '../shared/contracts/schedules';
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

/** GET /api/collections/testSuite/getCollectionsList: the organization's collections, deleted ones marked by result. */
export async function fetchCollectionList(signal?: AbortSignal): Promise<CollectionSummary[]> {
  return (await apiJson(endpoints.collections.list, collectionListResponseSchema, { signal })).data;
}

/** GET {controlroom}/schedule/getSchedules: the organization's schedules. */
export async function fetchScheduleList(signal?: AbortSignal): Promise<Schedule[]> {
  return (await apiJson(endpoints.schedules.list, scheduleListResponseSchema, { signal })).data;
}
