import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { tagListResponseSchema, tagSavedResponseSchema, type SaveTagRequest, type Tag } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { studioKeys } from './studio-keys';

/** GET /api/tags/tagsManagement/getAllTags (spec part 1 §7), polled every 5 s while tags are shown (§9). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: studioKeys.tags(),
    queryFn: async ({ signal }): Promise<Tag[]> => (await apiJson(endpoints.tags.all, tagListResponseSchema, { signal })).data,
    ...pollingOptions(POLL.tagsMs),
  });

/** POST /api/tags/tagsManagement/saveTag {tagName, tagType, hideTag}: a new organization or version tag. */
export async function saveTag(tag: SaveTagRequest): Promise<{ message: string; data: Tag }> {
  const { message, data } = await apiJson(endpoints.tags.save, tagSavedResponseSchema, { method: 'POST', json: tag });
  return { message, data };
}
