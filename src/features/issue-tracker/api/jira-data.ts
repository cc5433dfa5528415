import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { jiraDataResponseSchema, jiraValidResponseSchema, type JiraData, type JiraValidity } from '../../../shared/contracts/jira';
import { endpoints } from '../../../shared/endpoints';
import { jiraKeys } from './jira-keys';

/** GET jiraAuth/valid: whether the organization's Jira takes its credentials, and why not. */
export const jiraValidityQuery = () =>
  queryOptions({
    queryKey: jiraKeys.validity(),
    queryFn: async ({ signal }): Promise<JiraValidity> => (await apiJson(endpoints.jira.valid, jiraValidResponseSchema, { signal })).data,
  });

/** GET jiraData/genericAll: projects, Bug issue types, users, priorities, resolutions and issueMap fields. */
export const jiraDataQuery = () =>
  queryOptions({
    queryKey: jiraKeys.data(),
    queryFn: async ({ signal }): Promise<JiraData> => (await apiJson(endpoints.jira.genericAll, jiraDataResponseSchema, { signal })).data,
    // Jira's projects and fields change rarely; one read serves every issue filed in a sitting.
    staleTime: 5 * 60_000,
    retry: false,
  });
