import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { jiraDataResponseSchema } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';
import { RUN_HISTORY_ACCESS } from '../../runs/runLookup';
import { OUTBOUND_REFUSED_DOC } from '../../outbound/policy';
import type { Api } from '../../services';
import { jiraFor, JIRA_TAG, loadJiraData } from '../jiraApi';

const errors = { 'application/json': { schema: errorBodySchema } };

export function registerJiraGenericAll({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.jira.genericAll,
      tags: [JIRA_TAG],
      summary: 'What the Issue form offers, read from Jira',
      description: 'Projects with their Bug issue types and assignable users, priorities, resolutions and the issueMap custom fields.',
      responses: {
        200: { description: 'The Jira data.', content: { 'application/json': { schema: jiraDataResponseSchema } } },
        400: { description: OUTBOUND_REFUSED_DOC, content: errors },
        409: { description: 'Jira is not configured for the organization.', content: errors },
        502: { description: 'Jira could not be reached or refused the call; message says why.', content: errors },
      },
    }),
  );

  app.openapi(route, async (c) => c.json({ success: true as const, data: await loadJiraData(await jiraFor(services, c)) }, 200));
}
