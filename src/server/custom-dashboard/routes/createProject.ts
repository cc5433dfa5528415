import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { createProjectRequestSchema, PROJECT_MESSAGES, projectCreatedResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { insertProject } from '../repository';

export function registerCreateProject({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.customDashboard.createProject,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: 'Create a project',
      description: "A project starts with no goal, links or date tags (updateProject sets them). 'Overall' is reserved.",
      request: { body: { required: true, content: { 'application/json': { schema: createProjectRequestSchema } } } },
      responses: {
        200: { description: "Created ('Project : {name} Created').", content: { 'application/json': { schema: projectCreatedResponseSchema } } },
        409: { description: 'The organization has a project of that name (ignoring case).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { row } = currentUser(c);
    const { projectName } = c.req.valid('json');
    const data = await insertProject(services.db, row.org_id, projectName, row.user_id);
    return c.json({ status: true as const, message: PROJECT_MESSAGES.created(projectName), data }, 200);
  });
}
