import { createRoute } from '@hono/zod-openapi';
import { scenariosResponseSchema } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { RUN_HISTORY_ACCESS } from '../../runs/runLookup';
import type { Api } from '../../services';
import { JIRA_TAG } from '../jiraApi';
import { listScenarios } from '../repository';

export function registerGetScenarios({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.jira.scenarios,
      tags: [JIRA_TAG],
      summary: "The scenarios the organization's collections name",
      description: 'Distinct, sorted; deleted collections left out. The collection report and the issue form offer them.',
      responses: { 200: { description: 'Scenario names.', content: { 'application/json': { schema: scenariosResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => c.json({ success: true as const, data: await listScenarios(services.db, currentUser(c).row.org_id) }, 200));
}
