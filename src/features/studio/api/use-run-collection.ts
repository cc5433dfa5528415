import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../ui/toast-queue';
import { STUDIO_MESSAGES } from '../studio-messages';
import { triggerCollection } from './trigger-collection';

/**
 * Run (Execute) of a collection: 'Test Suite Executed...' or the error, and the new run's status id to `onRunStarted`,
 * for the Studio's toolbar and the landing page's "Start here" alike.
 */
export function useRunCollection(onRunStarted?: (statusId: string) => void) {
  return useMutation({
    mutationFn: triggerCollection,
    onSuccess: (answer) => {
      toast.success(STUDIO_MESSAGES.executed);
      onRunStarted?.(answer.data.statusId);
    },
    onError: (error) => toast.error(error.message),
  });
}
