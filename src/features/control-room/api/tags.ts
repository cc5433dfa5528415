import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { tagListResponseSchema, type Tag } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** GET /api/tags/tagsManagement/getAllTags: the tags of the selector and of the queue's Tags and Versions columns, polled every 5 s (spec part 1 §9). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.tags(),
    queryFn: async ({ signal }): Promise<Tag[]> => (await apiJson(endpoints.tags.all, tagListResponseSchema, { signal })).data,
    ...pollingOptions(POLL.tagsMs),
  });
