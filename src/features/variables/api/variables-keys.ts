/** Query keys of the Manage Variables area. */
export const variablesKeys = {
  all: ['variables'] as const,
  list: () => [...variablesKeys.all, 'list'] as const,
  search: (text: string) => [...variablesKeys.all, 'search', text] as const,
  excelData: (id: string) => [...variablesKeys.all, 'excel-data', id] as const,
};
