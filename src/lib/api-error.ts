import { errorBodySchema } from '../shared/contracts/errors';

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
  const body = errorBodySchema.safeParse(await readJsonBody(response));
  return body.success
    ? new ApiError(response.status, body.data.message || fallbackMessage, body.data.fieldErrors)
    : new ApiError(response.status, fallbackMessage);
}

export async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}
