/** Query keys of the collection reports area. */
export const reportKeys = {
  all: ['reports'] as const,
  details: (statusId: string) => [...reportKeys.all, 'details', statusId] as const,
  image: (path: string) => [...reportKeys.all, 'image', path] as const,
  failureLabels: () => [...reportKeys.all, 'failure-labels'] as const,
  collectionLabels: () => [...reportKeys.all, 'collection-label'] as const,
  collectionLabel: (statusId: string) => [...reportKeys.collectionLabels(), statusId] as const,
  /** Every collection's flow history: a run that ends changes them. */
  flowHistories: () => [...reportKeys.all, 'flow-history'] as const,
  /** A collection's flows with their last results (issue 29). */
  flowHistory: (collectionId: string) => [...reportKeys.flowHistories(), collectionId] as const,
  /** A run's failed flows, each new, known or flaky. */
  failureClassification: (statusId: string) => [...reportKeys.all, 'failure-classification', statusId] as const,
};
