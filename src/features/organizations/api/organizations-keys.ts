/** Query keys of the organizations area. */
export const organizationsKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationsKeys.all, 'list'] as const,
  details: (id: string) => [...organizationsKeys.all, 'details', id] as const,
  licenses: () => [...organizationsKeys.all, 'licenses'] as const,
  audit: (filters: object, page: number, pageSize: number) => [...organizationsKeys.all, 'audit', filters, page, pageSize] as const,
  retention: (id: string) => [...organizationsKeys.all, 'retention', id] as const,
};
