import { createRoute } from '@hono/zod-openapi';
import { jiraConfigurationResponseSchema } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { JIRA_TAG } from '../jiraApi';
import { findConfiguration } from '../repository';

export function registerGetJiraConfiguration({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.jira.configuration,
      tags: [JIRA_TAG],
      summary: "The organization's Jira configuration, without its API token",
      responses: { 200: { description: 'The configuration, or null.', content: { 'application/json': { schema: jiraConfigurationResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => c.json({ success: true as const, message: '', data: await findConfiguration(services.db, currentUser(c).row.org_id) }, 200));
}
