/** Query keys of the client download page. */
export const clientsKeys = {
  all: ['clients'] as const,
  desktop: () => [...clientsKeys.all, 'desktop'] as const,
  ios: () => [...clientsKeys.all, 'ios'] as const,
};
