import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { tagListResponseSchema, type Tag } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { studioKeys } from './studio-keys';

/** GET /api/tags/tagsManagement/getAllTags (spec part 1 §7). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: studioKeys.tags(),
    queryFn: async ({ signal }): Promise<Tag[]> => (await apiJson(endpoints.tags.all, tagListResponseSchema, { signal })).data,
  });
