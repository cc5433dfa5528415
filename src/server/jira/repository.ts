import type { JiraApiVersion, JiraConfiguration, JiraConfigurationInput } from '../../shared/contracts/jira';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { jsonTextField } from '../db/dialect';
import type { JiraConfigurationsTable } from '../db/schema-jira';
import { jiraTokens } from './tokenBox';

/** What the server calls Jira with; the token is opened only here, never answered. */
export interface JiraConnection {
  baseUrl: string;
  userEmail: string;
  apiToken: string;
  apiVersion: JiraApiVersion;
}

const versionOf = (value: string): JiraApiVersion => (value === '2' ? '2' : '3');

function findRow(db: Db, orgId: string): Promise<JiraConfigurationsTable | undefined> {
  return db.selectFrom('jira_configurations').selectAll().where('org_id', '=', orgId).executeTakeFirst();
}

export function publicConfiguration(row: JiraConfigurationsTable): JiraConfiguration {
  return { baseUrl: row.base_url, userEmail: row.user_email, apiVersion: versionOf(row.api_version), hasToken: row.api_token_sealed !== '', updatedAt: row.updated_at };
}

export async function findConfiguration(db: Db, orgId: string): Promise<JiraConfiguration | null> {
  const row = await findRow(db, orgId);
  return row ? publicConfiguration(row) : null;
}

export async function findConnection(db: Db, orgId: string): Promise<JiraConnection | null> {
  const row = await findRow(db, orgId);
  if (!row) return null;
  return { baseUrl: row.base_url, userEmail: row.user_email, apiToken: await jiraTokens.open(db, row.api_token_sealed), apiVersion: versionOf(row.api_version) };
}

/** Inserts or replaces the organization's configuration; a missing token keeps the sealed one (null when there is none). */
export async function saveConfiguration(db: Db, orgId: string, userId: string, input: JiraConfigurationInput): Promise<JiraConfiguration | null> {
  const existing = await findRow(db, orgId);
  const sealed = input.apiToken !== undefined ? await jiraTokens.seal(db, input.apiToken) : existing?.api_token_sealed;
  if (sealed === undefined) return null;
  const row: JiraConfigurationsTable = {
    org_id: orgId,
    base_url: input.baseUrl.replace(/\/+$/, ''),
    user_email: input.userEmail,
    api_token_sealed: sealed,
    api_version: input.apiVersion,
    updated_by: userId,
    updated_at: new Date().toISOString(),
  };
  const { org_id: _orgId, ...changes } = row;
  await db
    .insertInto('jira_configurations')
    .values(row)
    .onConflict((oc) => oc.column('org_id').doUpdateSet(changes))
    .execute();
  return publicConfiguration(row);
}

/** The distinct scenarios the organization's live collections name, for the report's and issue's scenario field. */
export async function listScenarios(db: Db, orgId: string): Promise<string[]> {
  const scenario = jsonTextField(db, sql.ref('document'), 'scenario');
  const rows = await db
    .selectFrom('collections')
    .select(scenario.as('scenario'))
    .distinct()
    .where('org_id', '=', orgId)
    .where('deleted', '=', 0)
    .where(scenario, 'is not', null)
    .execute();
  return rows
    .map((row) => row.scenario?.trim() ?? '')
    .filter((name) => name !== '')
    .sort((a, b) => a.localeCompare(b));
}
