/** Query keys of the offline queues (their views read IndexedDB through React Query). */
export const offlineKeys = {
  all: ['offline'] as const,
  downloads: () => [...offlineKeys.all, 'downloads'] as const,
  uploads: () => [...offlineKeys.all, 'uploads'] as const,
  pendingImports: () => [...offlineKeys.all, 'pendingImports'] as const,
};
