import type { ErrorBody } from '../shared/contracts/errors';

/** A failed call: `status` 0 means the request never got an answer (offline, DNS, reset). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** Builds the error of a non-ok answer from the server's error body, or the caller's fallback text. */
export async function apiErrorFromResponse(response: Response, fallbackMessage: string): Promise<ApiError> {
  const body = errorBody(await readJsonBody(response));
  return body ? new ApiError(response.status, body.message || fallbackMessage, body.fieldErrors) : new ApiError(response.status, fallbackMessage);
}

/** Reads the error body (errorBodySchema) by hand, since every page, the sign-in page included, needs it without zod. */
function errorBody(body: unknown): Pick<ErrorBody, 'message' | 'fieldErrors'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, fieldErrors } = body as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  return { message, fieldErrors: isFieldErrors(fieldErrors) ? fieldErrors : undefined };
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'))
  );
}

export async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}
