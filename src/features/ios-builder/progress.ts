import { IOS_BUILDER_TIMING } from '../../shared/contracts/ios-builder';

/** §4: the bar grows by 20 every 20 s until it is at least 70, then starts again from the initial 10. */
export function nextBuildProgress(progress: number): number {
  return progress >= IOS_BUILDER_TIMING.progressCap ? IOS_BUILDER_TIMING.progressInitial : progress + IOS_BUILDER_TIMING.progressStep;
}
