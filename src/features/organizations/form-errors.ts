import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** The first message of each field of a failed parse (what a touched field shows). */
export function fieldMessages(error: z.ZodError | undefined): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The server's first message per field of a refused write (e.g. a breached password), if it named fields. */
export function serverFieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const messages: Record<string, string> = {};
  for (const [field, texts] of Object.entries(error.fieldErrors)) if (texts[0]) messages[field] = texts[0];
  return messages;
}
