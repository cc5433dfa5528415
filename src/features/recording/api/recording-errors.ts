import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-messages';

/**
 * Spec part 1 §8's 'Unable to … Recording' text, followed by the server's reason when it sent one (the call's
 * fallbackMessage is the bare text, so an error carrying exactly it had no reason).
 */
export function unableMessage(base: string, error: unknown): string {
  const reason = error instanceof ApiError || error instanceof Error ? errorText(error).trim() : '';
  if (reason === '' || reason === base) return base;
  return `${base}${base.endsWith('.') ? ' ' : ': '}${reason}`;
}
