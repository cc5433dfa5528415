import { RUN_MESSAGES } from '../../shared/contracts/runs';

/** Texts of spec part 1 §8 Devices and filters. */
export const RESOURCE_MESSAGES = {
  released: RUN_MESSAGES.released,
  releaseFailed: 'Error while releasing the device, please try again',
  releaseConfirm: 'Are you sure you want to release this device?',
} as const;
