/** Query keys of the Manage Variables area. */
export const variablesKeys = {
  all: ['variables'] as const,
  list: () => [...variablesKeys.all, 'list'] as const,
  excelData: (id: string) => [...variablesKeys.all, 'excel-data', id] as const,
};
