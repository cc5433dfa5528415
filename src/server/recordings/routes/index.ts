import { registerContinueRecording } from './continueRecording';
import { registerRecordingActions } from './recordingActions';
import { registerRecordingFinish } from './recordingFinish';
import { registerRecordingState } from './recordingState';
import { registerStartRecording } from './startRecording';
import { registerStopRecording } from './stopRecording';

/** Every recording route, the user's and the agent's, so registerApiRoutes takes the area with one line. */
export const recordingRegistrations = [
  registerStartRecording,
  registerStopRecording,
  registerContinueRecording,
  registerRecordingActions,
  registerRecordingState,
  registerRecordingFinish,
];
