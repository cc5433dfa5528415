import { apiJson } from '../../../lib/api-client';
import { RECORDING_MESSAGES, recordingChangeResponseSchema, type RecordingStatus } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';

/** PUT {api}/importexport/stopRecording (spec part 1 §7); cancelRecording discards what was recorded. Answers the status after the call. */
export async function stopRecording(id: string, cancelRecording: boolean): Promise<RecordingStatus> {
  const answer = await apiJson(endpoints.importExport.stopRecording, recordingChangeResponseSchema, {
    method: 'PUT',
    json: { id, cancelRecording },
    fallbackMessage: cancelRecording ? RECORDING_MESSAGES.unableToCancel : RECORDING_MESSAGES.unableToStop,
  });
  return answer.data.recordingStatus;
}
