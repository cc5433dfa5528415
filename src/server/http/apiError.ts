import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../shared/contracts/errors';

/** An expected failure with the status and message the client sees; thrown by handlers, answered by onError. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fieldErrors?: ErrorBody['fieldErrors'],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return { success: false, message: this.message, ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}) };
  }
}

export const FORBIDDEN_MESSAGE = 'You do not have permission to use this endpoint.';
export const UNAUTHENTICATED_MESSAGE = 'Your session has expired or is invalid. Please sign in again.';
export const SERVER_FAULT_MESSAGE = 'Something went wrong, please try again.';
