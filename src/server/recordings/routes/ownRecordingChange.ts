import { errorBodySchema } from '../../../shared/contracts/errors';
import { RECORDING_MESSAGES, type RecordingChangeResponse } from '../../../shared/contracts/recordings';
import { ApiError } from '../../http/apiError';
import type { ChangeResult } from '../repository';

export const recordingNotFound = { description: 'No such recording of the caller.', content: { 'application/json': { schema: errorBodySchema } } };
export const recordingRefused = { description: 'The recording is not in a status that allows the change.', content: { 'application/json': { schema: errorBodySchema } } };

/** The answer of a stop or continue: the status after the call, or 404 / 409 with `refusal`. */
export function changeAnswer(result: ChangeResult, message: string, refusal: string): RecordingChangeResponse {
  if (result === 'not-found') throw new ApiError(404, RECORDING_MESSAGES.notFound);
  if (result === 'refused') throw new ApiError(409, refusal);
  return { status: true, message, data: { recordingStatus: result.row.status } };
}
