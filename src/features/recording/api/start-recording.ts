import { apiJson } from '../../../lib/api-client';
import { RECORDING_MESSAGES, startRecordingResponseSchema, type StartRecording } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';

/** POST {api}/importexport/startRecording (spec part 1 §7): answers the new recording's id. */
export async function startRecording(body: StartRecording): Promise<string> {
  const answer = await apiJson(endpoints.importExport.startRecording, startRecordingResponseSchema, {
    method: 'POST',
    json: body,
    fallbackMessage: RECORDING_MESSAGES.unableToStart,
  });
  return answer.data.recordingId;
}
