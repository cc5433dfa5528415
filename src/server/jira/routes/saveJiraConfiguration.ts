import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { jiraConfigurationInputSchema, jiraConfigurationResponseSchema, JIRA_MESSAGES } from '../../../shared/contracts/jira';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { endpointOf, OUTBOUND_REFUSED_DOC, refuseWhenSaved } from '../../outbound/policy';
import type { Api } from '../../services';
import { JIRA_TAG } from '../jiraApi';
import { saveConfiguration } from '../repository';

export function registerSaveJiraConfiguration({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'put',
      path: endpoints.jira.configuration,
      tags: [JIRA_TAG],
      summary: "Set the organization's Jira: base URL, user e-mail, API token (sealed at rest) and REST API version",
      description: 'apiToken may be left out to keep the stored one. The token is never answered.',
      request: { body: { required: true, content: { 'application/json': { schema: jiraConfigurationInputSchema } } } },
      responses: {
        200: { description: 'Saved.', content: { 'application/json': { schema: jiraConfigurationResponseSchema } } },
        400: { description: OUTBOUND_REFUSED_DOC, content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const { host, port } = endpointOf(new URL(input.baseUrl));
    await refuseWhenSaved(services.outbound, host, port);
    const saved = await auditedChange(services.db, c, { entityType: 'jira', entityId: user.row.org_id }, (db) =>
      saveConfiguration(db, user.row.org_id, user.row.user_id, input),
    );
    if (!saved) throw new ApiError(400, 'apiToken: give the API token the first time.', {}, { apiToken: ['required'] });
    return c.json({ success: true as const, message: JIRA_MESSAGES.configurationSaved, data: saved }, 200);
  });
}
