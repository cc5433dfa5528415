import type { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './apiError';
import type { AppEnv } from './appEnv';

/** Room for the multipart framing (and any small fields) around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses a POST body to `path` over `maxFileBytes` plus the multipart overhead with a 413 before it is read. Call it
 * after endpoint() declared the route (so access check and idempotency lookup run first) and before app.openapi.
 */
export function limitUpload(app: OpenAPIHono<AppEnv>, path: string, maxFileBytes: number, tooLargeMessage: string): void {
  app.on(
    'POST',
    path,
    bodyLimit({
      maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw new ApiError(413, tooLargeMessage);
      },
    }),
  );
}

/** The file of the form's `field`: a 400 (fieldErrors required) when there is none, a 413 when over `maxFileBytes`. */
export function uploadedFile(
  form: Record<string, unknown>,
  field: string,
  maxFileBytes: number,
  messages: { missing: string; tooLarge: string },
): File {
  const file = form[field];
  if (!(file instanceof File)) throw new ApiError(400, messages.missing, {}, { [field]: ['required'] });
  if (file.size > maxFileBytes) throw new ApiError(413, messages.tooLarge);
  return file;
}
