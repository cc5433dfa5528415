import { queryOptions } from '@tanstack/react-query';
import { fetchAllTags } from '../../../lib/lookups';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import type { Tag } from '../../../shared/contracts/collections';
import { controlRoomKeys } from './control-room-keys';

/** GET /api/tags/tagsManagement/getAllTags: the tags of the selector and of the queue's Tags and Versions columns, polled every 5 s (spec part 1 §9). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.tags(),
    queryFn: ({ signal }): Promise<Tag[]> => fetchAllTags(signal),
    ...pollingOptions(POLL.tagsMs),
  });
