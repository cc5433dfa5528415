/** Query keys of the groups area. */
export const groupsKeys = {
  all: ['groups'] as const,
  list: (orgId: string | null) => [...groupsKeys.all, 'list', orgId] as const,
  details: (id: string) => [...groupsKeys.all, 'details', id] as const,
};
