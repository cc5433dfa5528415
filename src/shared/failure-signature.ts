/**
 * A failed step's failure signature (issue 29): the step id and its error message with what changes from run to run
 * masked, so that the same failure on another day, another record or another session reads the same. Masked, in this
 * order: URLs' query strings, UUIDs, ISO dates and times, clock times, long hexadecimal ids, then any other number.
 */
const MASKS: readonly (readonly [RegExp, string])[] = [
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]+)\?[^\s#"'<>]*/gi, '$1?<query>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>'],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/g, '<time>'],
  [/\b\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s?[AP]M\b)?/gi, '<time>'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '<id>'],
  [/\d+(?:\.\d+)?/g, '<n>'],
];

/** Signatures are compared and stored whole: a longer message is cut here (its start tells failures apart). */
export const FAILURE_SIGNATURE_MAX_LENGTH = 500;

export function normaliseFailureMessage(message: string): string {
  const masked = MASKS.reduce((text, [pattern, mask]) => text.replace(pattern, mask), message);
  return masked.replace(/\s+/g, ' ').trim();
}

export function failureSignature(stepId: string, errorMessage: string): string {
  return `${stepId}: ${normaliseFailureMessage(errorMessage)}`.slice(0, FAILURE_SIGNATURE_MAX_LENGTH);
}
