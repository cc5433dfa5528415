import { apiJson } from '../../../lib/api-client';
import { imageFilterSavedResponseSchema, type ImageFilter, type SaveImageFilterQuery } from '../../../shared/contracts/image-filters';
import { endpoints } from '../../../shared/endpoints';

/** POST {automation}/files/createFilter with the filter in the query: without `id` it creates, with `id` it renames. */
export async function saveImageFilter({ type, name, id }: SaveImageFilterQuery): Promise<ImageFilter> {
  const query = new URLSearchParams({ type, name: name.trim(), ...(id === undefined ? {} : { id }) });
  return (await apiJson(`${endpoints.imageFilters.save}?${query}`, imageFilterSavedResponseSchema, { method: 'POST' })).data;
}
