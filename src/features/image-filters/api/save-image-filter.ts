import { apiJson } from '../../../lib/api-client';
import { upsertBy } from '../../../lib/lists';
import { idempotencyHeaders, pendingView, type OfflineMutation } from '../../../offline/outbox';
import {
  IMAGE_FILTER_GROUP_KEYS,
  imageFilterSavedResponseSchema,
  type ImageFilter,
  type ImageFilterGroups,
  type SaveImageFilterQuery,
} from '../../../shared/contracts/image-filters';
import { endpoints } from '../../../shared/endpoints';
import { imageFiltersKeys } from './image-filters-keys';

/**
 * POST {automation}/files/createFilter with the filter in the query: without `id` it creates, with `id` it renames
 * (an id the client made for a new filter creates the filter under it).
 */
export async function saveImageFilter({ type, name, id }: SaveImageFilterQuery, headers?: Record<string, string>): Promise<ImageFilter> {
  const query = new URLSearchParams({ type, name: name.trim(), ...(id === undefined ? {} : { id }) });
  return (await apiJson(`${endpoints.imageFilters.save}?${query}`, imageFilterSavedResponseSchema, { method: 'POST', headers })).data;
}

export const imageFilterRecord = (id: string) => `imageFilter:${id}`;

/** Saving an image filter, offline-capable: a new filter carries the id the client made for it. */
export const saveImageFilterMutation: OfflineMutation<ImageFilter, ImageFilter> = {
  mutationKey: [...imageFiltersKeys.all, 'save'],
  scope: ({ id }) => imageFilterRecord(id),
  describe: ({ name }) => `Image filter '${name}'`,
  refreshes: () => [imageFiltersKeys.list()],
  shows: (filter) => [pendingView(imageFiltersKeys.list(), (groups: ImageFilterGroups) => withImageFilter(groups, filter))],
  send: (filter, { idempotencyKey }) => saveImageFilter(filter, idempotencyHeaders(idempotencyKey)),
};

/** The groups with `filter` added or renamed. */
export function withImageFilter(groups: ImageFilterGroups, filter: ImageFilter): ImageFilterGroups {
  const key = IMAGE_FILTER_GROUP_KEYS[filter.type];
  return { ...groups, [key]: upsertBy(groups[key], { ...filter, name: filter.name.trim() }, (candidate) => candidate.id) };
}
