import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import type { Outbox } from '../../../offline/outbox';
import type { Collection } from '../../../shared/contracts/collections';
import { collectionQuery } from './load-collection';
import { collectionRecord, saveCollectionMutation } from './save-collection';

/**
 * What Open shows: the user's newest save of the collection still waiting to sync (the server's copy is older), else
 * the server's copy, else, when the server cannot be reached, the copy kept from the last open or save.
 */
export async function openCollection(queryClient: QueryClient, outbox: Outbox, id: string): Promise<Collection> {
  const waiting = await outbox.latestPending(saveCollectionMutation, collectionRecord(id));
  if (waiting) return waiting;
  try {
    return await queryClient.fetchQuery(collectionQuery(id));
  } catch (error) {
    const kept = queryClient.getQueryData(collectionQuery(id).queryKey);
    if (kept && error instanceof ApiError && error.status === 0) return kept;
    throw error;
  }
}
