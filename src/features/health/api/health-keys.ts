/** Query keys of the health area. */
export const healthKeys = {
  all: ['health'] as const,
  status: () => [...healthKeys.all, 'status'] as const,
  disk: () => [...healthKeys.all, 'disk'] as const,
};
