/** Query keys of the iOS gateway client builder. */
export const iosBuilderKeys = {
  all: ['ios-builder'] as const,
  list: () => [...iosBuilderKeys.all, 'list'] as const,
};
