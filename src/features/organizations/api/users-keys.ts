/** Query keys of the users area. */
export const usersKeys = {
  all: ['users'] as const,
  /** The administration list; `orgId` is the platform administrator's choice of organization, null for the caller's own. */
  list: (orgId: string | null) => [...usersKeys.all, 'list', orgId] as const,
};
