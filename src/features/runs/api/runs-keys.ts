/** Query keys of the runs area. */
export const runsKeys = {
  all: ['runs'] as const,
  runningTabData: () => [...runsKeys.all, 'running-tab-data'] as const,
};
