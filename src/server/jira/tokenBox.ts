import { createSecretBox } from '../auth/secretBox';

/** Jira API tokens: key JIRA_SECRET_KEY or one kept in the database. */
export const jiraTokens = createSecretBox('JIRA_SECRET_KEY', 'jira-token-key');
