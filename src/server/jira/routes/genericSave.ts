import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { issueFormSchema, issueSavedResponseSchema, JIRA_MESSAGES } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';
import { requireRun, RUN_HISTORY_ACCESS } from '../../runs/runLookup';
import { OUTBOUND_REFUSED_DOC } from '../../outbound/policy';
import type { Api } from '../../services';
import { findFailedStep } from '../failedStep';
import { issueFields, parseIssueMap } from '../issueFields';
import { jiraFor, JIRA_TAG } from '../jiraApi';
import { collectionSchema } from '../../../shared/contracts/collections';

const errors = { 'application/json': { schema: errorBodySchema } };

export function registerJiraGenericSave({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.jira.genericSave,
      tags: [JIRA_TAG],
      summary: 'File a failed step as a Jira issue',
      description:
        'The Issue form as form entries (issueMap repeated, each a JSON {id, value}). Creates the issue through REST API v2 or v3 ' +
        '(v3: description and environment in ADF) and, with attach_images true, attaches the failed step\'s screenshots.',
      request: {
        body: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: issueFormSchema }, 'multipart/form-data': { schema: issueFormSchema } },
        },
      },
      responses: {
        200: { description: "Saved ('Issue saved. Jira Id: …').", content: { 'application/json': { schema: issueSavedResponseSchema } } },
        404: { description: 'No such run, or no such failed step in it.', content: errors },
        400: { description: OUTBOUND_REFUSED_DOC, content: errors },
        409: { description: 'Jira is not configured for the organization.', content: errors },
        502: { description: 'Jira could not be reached or refused the issue; message says why.', content: errors },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const form = c.req.valid('form');
    const issueMap = parseIssueMap(form.issueMap);
    const run = await requireRun(services, c, form.testStatusId);
    const step = await findFailedStep(services.db, services.filesDir, run, form);
    const jira = await jiraFor(services, c);
    const scenario = collectionSchema.safeParse(JSON.parse(run.collection)).data?.scenario ?? null;
    const context = { testSuiteName: run.test_suite_name, statusId: run.status_id, scenario, errorDetail: step.errorDetail };
    const created = await jira.createIssue(issueFields(form, issueMap, context, jira.version));
    const attachments = form.attach_images === 'true' ? await jira.addAttachments(created.key, step.images) : [];
    return c.json({ success: true as const, message: JIRA_MESSAGES.savedWithId(created.key), data: { key: created.key, id: created.id, attachments } }, 200);
  });
}
