/** Query keys of the image filters area. */
export const imageFiltersKeys = {
  all: ['image-filters'] as const,
  list: () => [...imageFiltersKeys.all, 'list'] as const,
};
