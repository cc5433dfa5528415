/** Query keys of the collection reports area. */
export const reportKeys = {
  all: ['reports'] as const,
  details: (statusId: string) => [...reportKeys.all, 'details', statusId] as const,
  image: (path: string) => [...reportKeys.all, 'image', path] as const,
  failureLabels: () => [...reportKeys.all, 'failure-labels'] as const,
  collectionLabels: () => [...reportKeys.all, 'collection-label'] as const,
  collectionLabel: (statusId: string) => [...reportKeys.collectionLabels(), statusId] as const,
};
