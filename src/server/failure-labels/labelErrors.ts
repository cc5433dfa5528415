import { FIELD_ERROR_KEYS } from '../../shared/contracts/collections';
import { duplicateFailureLabelMessage, failureLabelNotFoundMessage } from '../../shared/contracts/labels';
import { isUniqueViolation } from '../db/dialect';
import { ApiError } from '../http/apiError';

export function failureLabelNotFound(labelId: string): ApiError {
  return new ApiError(404, failureLabelNotFoundMessage(labelId));
}

/** Runs a label write, turning a name clash into 409 with fieldErrors {labelName: ['NoneOf']}. */
export async function withUniqueLabelName<T>(labelName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError(409, duplicateFailureLabelMessage(labelName), {}, { labelName: [FIELD_ERROR_KEYS.noneOf] });
  }
}
