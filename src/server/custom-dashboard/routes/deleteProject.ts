import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { PROJECT_MESSAGES, projectIdQuerySchema, projectWriteResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { deleteProject, projectNotFound } from '../repository';

export function registerDeleteProject({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.customDashboard.deleteProject,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: 'Remove a project (query projectId)',
      description: 'Its links and date tags go with it; the runs and schedules stay.',
      request: { query: projectIdQuerySchema },
      responses: {
        200: { description: "Removed ('Project : {name} Removed').", content: { 'application/json': { schema: projectWriteResponseSchema } } },
        404: { description: 'The organization has no project of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { projectId } = c.req.valid('query');
    const name = await deleteProject(services.db, currentUser(c).row.org_id, projectId);
    if (name === undefined) throw projectNotFound(projectId);
    return c.json({ status: true as const, message: PROJECT_MESSAGES.removed(name) }, 200);
  });
}
