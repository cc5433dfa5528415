import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-messages';

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A label name the server refused: its field error key as display text (NoneOf -> 'Already Exists'), else its message. */
export function labelNameError(error: unknown): string {
  const key = error instanceof ApiError ? error.fieldErrors?.labelName?.[0] : undefined;
  return key ? errorMessage(key) : errorText(error);
}
