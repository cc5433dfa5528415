import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { PROJECT_MESSAGES, projectWriteResponseSchema, updateProjectRequestSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { projectNotFound, updateProject } from '../repository';

export function registerUpdateProject({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'put',
      path: endpoints.customDashboard.updateProject,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: "Replace a project's goal, linked collections and schedules, and date tags",
      description:
        'The name stays as created. Every collection and schedule must be one of the organization (removed ones included): ' +
        'another id is a 400 field error NotFound under collectionsData.{i}.collectionId or schedulesData.{i}.scheduleId.',
      request: { body: { required: true, content: { 'application/json': { schema: updateProjectRequestSchema } } } },
      responses: {
        200: { description: "Saved ('Project : {name} Saved').", content: { 'application/json': { schema: projectWriteResponseSchema } } },
        404: { description: 'The organization has no project of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const update = c.req.valid('json');
    const name = await updateProject(services.db, currentUser(c).row.org_id, update);
    if (name === undefined) throw projectNotFound(update.projectId);
    return c.json({ status: true as const, message: PROJECT_MESSAGES.saved(name) }, 200);
  });
}
