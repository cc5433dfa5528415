import { apiJson } from '../../../lib/api-client';
import { RECORDING_MESSAGES, recordingChangeResponseSchema, type RecordingStatus } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';

/** PUT {api}/importexport/continueRecording (spec part 1 §7): an IDLE recording goes on. Answers the status after the call. */
export async function continueRecording(id: string): Promise<RecordingStatus> {
  const answer = await apiJson(endpoints.importExport.continueRecording, recordingChangeResponseSchema, {
    method: 'PUT',
    json: { id },
    fallbackMessage: RECORDING_MESSAGES.unableToContinue,
  });
  return answer.data.recordingStatus;
}
