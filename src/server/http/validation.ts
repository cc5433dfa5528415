import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorBody } from '../../shared/contracts/errors';
import { ApiError } from './apiError';

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

/**
 * A query parameter that carries JSON (the spec's `?data` calls), checked against `schema`: 400 with `name: not valid
 * JSON.` or with `invalidMessage` and the fields otherwise.
 */
export function parseJsonParameter<Schema extends z.ZodType>(name: string, text: string, schema: Schema, invalidMessage: string): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, `${name}: not valid JSON.`, {}, { [name]: ['Not valid JSON.'] });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, invalidMessage, {}, fieldErrorsOf(parsed.error));
  return parsed.data;
}
