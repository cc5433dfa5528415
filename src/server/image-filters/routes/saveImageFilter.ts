import { createRoute } from '@hono/zod-openapi';
import { FIELD_ERROR_KEYS } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  duplicateImageFilterMessage,
  IMAGE_FILTER_SAVED_MESSAGE,
  imageFilterNotFoundMessage,
  imageFilterSavedResponseSchema,
  saveImageFilterQuerySchema,
} from '../../../shared/contracts/image-filters';
import { endpoints } from '../../../shared/endpoints';
import { isUniqueViolation } from '../../db/dialect';
import { saveByClientId } from '../../db/saveByClientId';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { imageFilterExists, insertImageFilter, updateImageFilter } from '../repository';

export function registerSaveImageFilter({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.imageFilters.save,
      tags: ['Image filters'],
      summary: 'Create an image filter, or rename the one `id` names',
      description:
        'Without id it creates a filter under a new id. With an id it renames that filter; an id no filter has, made by ' +
        'the client as a UUID for a new filter, creates the filter under it (a filter created offline, then renamed ' +
        'before it synced, stays one filter). Any other unknown id answers 404.',
      request: { query: saveImageFilterQuerySchema },
      responses: {
        200: { description: 'Saved.', content: { 'application/json': { schema: imageFilterSavedResponseSchema } } },
        404: { description: 'No filter of that id.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'A filter of that kind and name exists (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { type, name, id } = c.req.valid('query');
    try {
      const filter =
        id === undefined
          ? await insertImageFilter(services.db, type, name)
          : await saveByClientId(id, {
              update: () => updateImageFilter(services.db, id, type, name),
              exists: () => imageFilterExists(services.db, id),
              insert: () => insertImageFilter(services.db, type, name, id),
            });
      if (!filter) throw new ApiError(404, imageFilterNotFoundMessage(id ?? ''));
      return c.json({ status: true as const, message: IMAGE_FILTER_SAVED_MESSAGE, data: filter }, 200);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new ApiError(409, duplicateImageFilterMessage(type, name), {}, { name: [FIELD_ERROR_KEYS.noneOf] });
    }
  });
}
