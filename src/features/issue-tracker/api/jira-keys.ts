/** Query keys of the issue tracker. */
export const jiraKeys = {
  all: ['issue-tracker'] as const,
  data: () => [...jiraKeys.all, 'generic-all'] as const,
  validity: () => [...jiraKeys.all, 'valid'] as const,
  configuration: () => [...jiraKeys.all, 'configuration'] as const,
};
