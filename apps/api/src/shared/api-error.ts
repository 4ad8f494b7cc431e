import { STATUS_BY_ERROR_TYPE, type ApiErrorType, type FieldError } from '@winery/domain';

/**
 * The one way a service or hook says "this request cannot be served". The error handler turns it
 * into `{ statusCode, type, message, errors? }`; nothing replies with an error ad hoc.
 */
export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly type: ApiErrorType,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, e.g. Retry-After on rateLimited. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = STATUS_BY_ERROR_TYPE[type];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A 400 about one field, whose message is also the answer's. */
export const fieldError = (field: string, code: string, message: string) => new ApiError('validationError', message, [{ field, code, message }]);
