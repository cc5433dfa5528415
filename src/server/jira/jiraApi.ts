import type { Context } from 'hono';
import { BUG_ISSUE_TYPE, ISSUE_MAP_FIELDS, JIRA_MESSAGES, type JiraData } from '../../shared/contracts/jira';
import { ApiError } from '../http/apiError';
import { currentUser, type AppEnv } from '../http/appEnv';
import type { Services } from '../services';
import { JiraClient, userIdOf, type JiraCreateMeta } from './jiraClient';
import { findConnection } from './repository';

export const JIRA_TAG = 'Issue tracker';

/** A client for the caller's organization's Jira, or 409 with the not-configured message. */
export async function jiraFor(services: Services, c: Context<AppEnv>): Promise<JiraClient> {
  const connection = await findConnection(services.db, currentUser(c).row.org_id);
  if (!connection) throw new ApiError(409, JIRA_MESSAGES.notConfigured);
  return new JiraClient(connection, services.outbound);
}

const isBug = (name: string) => name.toLowerCase() === BUG_ISSUE_TYPE.toLowerCase();

/** The issueMap fields Jira's Bug create screens have, found by name, with the values they allow. */
function issueMapFields(meta: JiraCreateMeta): JiraData['filterData'] {
  const found = new Map<string, JiraData['filterData'][number]>();
  for (const project of meta.projects) {
    for (const type of project.issuetypes.filter((issueType) => isBug(issueType.name))) {
      for (const [id, field] of Object.entries(type.fields ?? {})) {
        if (!(ISSUE_MAP_FIELDS as readonly string[]).includes(field.name) || found.has(id)) continue;
        const values = (field.allowedValues ?? []).map((allowed) => allowed.value ?? allowed.name ?? '').filter((value) => value !== '');
        found.set(id, { id, name: field.name, values });
      }
    }
  }
  return [...found.values()];
}

/** genericAll's answer: projects with their Bug issue types and assignable users, priorities, resolutions, issueMap fields. */
export async function loadJiraData(jira: JiraClient): Promise<JiraData> {
  const [meta, priorities, resolutions] = await Promise.all([jira.createMeta(), jira.priorities(), jira.resolutions()]);
  const projects = await Promise.all(
    meta.projects.map(async (project) => ({
      key: project.key,
      name: project.name,
      issue_types: project.issuetypes.filter((type) => isBug(type.name)).map((type) => ({ id: type.id, name: type.name })),
      users: (await jira.assignableUsers(project.key)).map((user) => ({ id: userIdOf(user, jira.version), name: user.displayName ?? userIdOf(user, jira.version) })),
    })),
  );
  const filterData = issueMapFields(meta);
  return {
    projects,
    filterData,
    metaData: {
      PROJECTS: meta.projects.map((project) => ({ key: project.key, name: project.name })),
      PRIORITY_TYPES: priorities.map((priority) => priority.name),
      RESOLUTION: resolutions.map((resolution) => resolution.name),
    },
    customFieldMap: Object.fromEntries(filterData.map((field) => [field.name, field.id])),
  };
}
