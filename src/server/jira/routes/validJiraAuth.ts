import { createRoute } from '@hono/zod-openapi';
import { jiraValidResponseSchema, JIRA_MESSAGES } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { RUN_HISTORY_ACCESS } from '../../runs/runLookup';
import type { Api } from '../../services';
import { JiraClient } from '../jiraClient';
import { JIRA_TAG } from '../jiraApi';
import { findConnection } from '../repository';

export function registerValidJiraAuth({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.jira.valid,
      tags: [JIRA_TAG],
      summary: "Whether the organization's Jira takes its configured credentials",
      description: 'Calls Jira /myself. valid false carries why (not configured, unreachable, refused credentials) within 10 s.',
      responses: { 200: { description: 'The check.', content: { 'application/json': { schema: jiraValidResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const connection = await findConnection(services.db, currentUser(c).row.org_id);
    if (!connection) return c.json({ success: true as const, data: { valid: false, message: JIRA_MESSAGES.notConfigured, displayName: null } }, 200);
    try {
      const me = await new JiraClient(connection, services.outbound).myself();
      return c.json({ success: true as const, data: { valid: true, message: '', displayName: me.displayName ?? null } }, 200);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.json({ success: true as const, data: { valid: false, message: error.message, displayName: null } }, 200);
    }
  });
}
