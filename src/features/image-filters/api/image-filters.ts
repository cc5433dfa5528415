import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { imageFilterGroupsSchema, imageFiltersResponseSchema, type ImageFilterGroups } from '../../../shared/contracts/image-filters';
import { endpoints } from '../../../shared/endpoints';
import { imageFiltersKeys } from './image-filters-keys';

/** GET {automation}/files/getImagesFilters: `data` is a JSON string of the four groups (spec part 1 §7). */
export const imageFiltersQuery = () =>
  queryOptions({
    queryKey: imageFiltersKeys.list(),
    queryFn: async ({ signal }): Promise<ImageFilterGroups> => {
      const { data } = await apiJson(endpoints.imageFilters.list, imageFiltersResponseSchema, { signal });
      return imageFilterGroupsSchema.parse(JSON.parse(data));
    },
  });
