import { renameDeviceMutation } from '../features/resources/api/rename-device';
import { saveImageFilterMutation } from '../features/image-filters/api/save-image-filter';
import { attachFailureLabelMutation, createFailureLabelMutation, renameFailureLabelMutation } from '../features/reports/api/failure-labels';
import { saveCollectionMutation } from '../features/studio/api/save-collection';
import { saveScheduleMutation } from '../features/control-room/api/save-schedule';
import type { OfflineMutation } from '../offline/outbox';

/**
 * The app's offline-capable mutations (issue 5): saving a collection; saving, enabling and disabling schedules;
 * renaming resources; saving image filters; saving failure labels. The offline layer registers them when it starts,
 * so changes an earlier page left replay whichever screen opens first (features do not import each other).
 */
export const offlineMutations: readonly OfflineMutation<never, unknown>[] = [
  saveCollectionMutation,
  saveScheduleMutation,
  renameDeviceMutation,
  saveImageFilterMutation,
  createFailureLabelMutation,
  renameFailureLabelMutation,
  attachFailureLabelMutation,
];
