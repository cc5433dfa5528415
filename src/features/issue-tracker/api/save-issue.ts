import { apiJson } from '../../../lib/api-client';
import { issueSavedResponseSchema, JIRA_MESSAGES } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';

/** POST jiraIssue/genericSave with the Issue form's entries (issueMap repeated): answers the server's 'Issue saved. Jira Id: …'. */
export async function saveIssue(form: URLSearchParams): Promise<string> {
  const answer = await apiJson(endpoints.jira.genericSave, issueSavedResponseSchema, { method: 'POST', body: form, fallbackMessage: JIRA_MESSAGES.fallback });
  return answer.message || (answer.data.key ? JIRA_MESSAGES.savedWithId(answer.data.key) : JIRA_MESSAGES.saved);
}
