/** Query keys of the studio area. */
export const studioKeys = {
  all: ['studio'] as const,
  collections: () => [...studioKeys.all, 'collections'] as const,
  collection: (id: string) => [...studioKeys.all, 'collection', id] as const,
  tags: () => [...studioKeys.all, 'tags'] as const,
  quarantines: (collectionId: string) => [...studioKeys.all, 'quarantines', collectionId] as const,
};
