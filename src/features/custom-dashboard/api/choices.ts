import { queryOptions } from '@tanstack/react-query';
import { fetchAllTags, fetchCollectionList, fetchScheduleList } from '../../../lib/lookups';
import type { CollectionSummary, Tag } from '../../../shared/contracts/collections';
import type { Schedule } from '../../../shared/contracts/schedules';
import { customDashboardKeys } from './custom-dashboard-keys';

/** The collections a project can link (deleted ones are left out: nothing runs them any more). */
export const collectionChoicesQuery = () =>
  queryOptions({
    queryKey: customDashboardKeys.collections(),
    queryFn: async ({ signal }): Promise<CollectionSummary[]> => (await fetchCollectionList(signal)).filter((collection) => collection.result !== 'deleted'),
  });

export const scheduleChoicesQuery = () =>
  queryOptions({ queryKey: customDashboardKeys.schedules(), queryFn: ({ signal }): Promise<Schedule[]> => fetchScheduleList(signal) });

/** The organization's tags and versions: the names a project date tag can take ('Select Tag/Version'). */
export const tagChoicesQuery = () => queryOptions({ queryKey: customDashboardKeys.tags(), queryFn: ({ signal }): Promise<Tag[]> => fetchAllTags(signal) });
