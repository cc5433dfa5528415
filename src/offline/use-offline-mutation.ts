import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useAppOfflineQueues } from './offline-queues';
import type { OfflineMutation, OutboxOutcome } from './outbox';

export type OfflineMutationOptions<TVariables, TData> = Omit<UseMutationOptions<OutboxOutcome<TData>, Error, TVariables>, 'mutationKey' | 'mutationFn'>;

/**
 * useMutation for an offline-capable mutation: it names only the mutationKey, whose mutationFn (the outbox) comes from
 * setMutationDefaults. The mutation is registered before the first render's observer reads those defaults, so a
 * screen works even before the entry's list of offline mutations has loaded. It resolves with the outbox's outcome:
 * `sent` with the server's answer, or `queued` (saved offline, will sync).
 */
export function useOfflineMutation<TVariables, TData>(mutation: OfflineMutation<TVariables, TData>, options: OfflineMutationOptions<TVariables, TData> = {}) {
  const queues = useAppOfflineQueues();
  queues.ensureMutation(mutation);
  return useMutation<OutboxOutcome<TData>, Error, TVariables>({ ...options, mutationKey: mutation.mutationKey });
}
