import { createRoute } from '@hono/zod-openapi';
import { FIELD_ERROR_KEYS, saveTagRequestSchema, TAG_SAVED_MESSAGE, tagSavedResponseSchema } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { isUniqueViolation } from '../../db/dialect';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { insertTag } from '../repository';

export function registerSaveTag({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'post',
      path: endpoints.tags.save,
      tags: ['Tags'],
      summary: "Create a version tag or an organization tag in the caller's organization",
      request: { body: { required: true, content: { 'application/json': { schema: saveTagRequestSchema } } } },
      responses: {
        200: { description: 'Created.', content: { 'application/json': { schema: tagSavedResponseSchema } } },
        409: { description: 'A tag of that type and name exists.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    try {
      const tag = await insertTag(services.db, { ...body, orgId: currentUser(c).row.org_id });
      return c.json({ success: true as const, message: TAG_SAVED_MESSAGE, data: tag }, 200);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new ApiError(409, `A tag named '${body.tagName}' already exists.`, {}, { tagName: [FIELD_ERROR_KEYS.noneOf] });
    }
  });
}
