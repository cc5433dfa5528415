/** Query keys of the interactive bots area. */
export const interactiveBotsKeys = {
  all: ['interactive-bots'] as const,
  list: () => [...interactiveBotsKeys.all, 'list'] as const,
  collections: () => [...interactiveBotsKeys.all, 'collections'] as const,
};
