import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorBody } from '../../shared/contracts/errors';

type ValidationResult = { success: true } | { success: false; error: z.ZodError };

export function fieldErrorsOf(error: z.ZodError): NonNullable<ErrorBody['fieldErrors']> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** Every request that fails its route's schema gets 400 with the messages per field (errorBodySchema). */
export function validationHook(result: ValidationResult, c: Context): Response | undefined {
  if (result.success) return undefined;
  const fieldErrors = fieldErrorsOf(result.error);
  const message = Object.entries(fieldErrors)
    .map(([field, messages]) => (field === '_' ? messages.join(', ') : `${field}: ${messages.join(', ')}`))
    .join('; ');
  const body: ErrorBody = { success: false, message, fieldErrors };
  return c.json(body, 400);
}
