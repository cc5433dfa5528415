/** Query keys of the import/export area. */
export const importExportKeys = {
  all: ['importexport'] as const,
  status: () => [...importExportKeys.all, 'status'] as const,
};
