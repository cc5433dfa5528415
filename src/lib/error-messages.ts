import { ApiError } from './api-error';
import { ERROR_KEYS } from './validators';

/** Keys whose display text the spec names (part 1 §5 Error display mapping); other keys are split into words. */
const NAMED_MESSAGES: Readonly<Record<string, string>> = {
  NoneOf: 'Already Exists',
  [ERROR_KEYS.pattern]: 'Special characters are not allowed!',
  Unique: 'Duplicate Name',
};

/** 'MultiEmailInvalid' -> 'Multi Email Invalid', 'invalidPercentage' -> 'Invalid Percentage'. */
export function splitIntoWords(key: string): string {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .replace(/^./, (first) => first.toUpperCase());
}

export function errorMessage(key: string): string {
  return NAMED_MESSAGES[key] ?? splitIntoWords(key);
}

/** Errors show only once the control is touched. */
export function visibleError(key: string | null, touched: boolean): string | null {
  return touched && key ? errorMessage(key) : null;
}

/** An error's own message, else the thrown value as text. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why the server (or the contract, before sending) refused `field`: its first field error key as display text
 * (NoneOf -> 'Already Exists'), else the error's message.
 */
export function fieldErrorText(error: unknown, field: string): string {
  const key = error instanceof ApiError ? error.fieldErrors?.[field]?.[0] : undefined;
  return key ? errorMessage(key) : errorText(error);
}
