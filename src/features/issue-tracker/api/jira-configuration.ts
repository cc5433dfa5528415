import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { jiraConfigurationResponseSchema, type JiraConfiguration, type JiraConfigurationInput } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';
import { jiraKeys } from './jira-keys';

/** GET jiraConfig: the organization's Jira without its token (null when none is set). */
export const jiraConfigurationQuery = () =>
  queryOptions({
    queryKey: jiraKeys.configuration(),
    queryFn: async ({ signal }): Promise<JiraConfiguration | null> => (await apiJson(endpoints.jira.configuration, jiraConfigurationResponseSchema, { signal })).data,
  });

/** PUT jiraConfig: answers the saved configuration and the server's message. */
export async function saveJiraConfiguration(input: JiraConfigurationInput): Promise<{ message: string; data: JiraConfiguration | null }> {
  const { message, data } = await apiJson(endpoints.jira.configuration, jiraConfigurationResponseSchema, { method: 'PUT', json: input });
  return { message, data };
}
