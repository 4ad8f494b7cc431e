import { ApiErrorSchema, type ApiErrorType, type FieldError } from '@winery/domain';

/** An error answer of the API (`{statusCode, type, message, errors?}`), or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;
  readonly errors: FieldError[];
  /** Whether the failed request carried a member's token (a 401 then means the session ended). */
  readonly sentToken: boolean;

  constructor(init: { status: number; type: ApiErrorType; message: string; errors?: FieldError[]; sentToken: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.type = init.type;
    this.errors = init.errors ?? [];
    this.sentToken = init.sentToken;
  }

  static async fromResponse(response: Response, sentToken: boolean): Promise<ApiError> {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (a proxy page, an empty body): keep the status alone.
    }
    const parsed = ApiErrorSchema.safeParse(body);
    if (parsed.success) {
      return new ApiError({ ...parsed.data, status: response.status, sentToken });
    }
    return new ApiError({
      status: response.status,
      type: typeFromStatus(response.status),
      message: '',
      sentToken,
    });
  }
}

function typeFromStatus(status: number): ApiErrorType {
  switch (status) {
    case 400:
      return 'validationError';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 409:
      return 'conflict';
    case 429:
      return 'rateLimited';
    default:
      return 'other';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Client errors (4xx) will not change by asking again. */
export const isClientError = (error: unknown): boolean =>
  isApiError(error) && error.status >= 400 && error.status < 500;

/** The server's own words when it sent any, else the given fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.message ? error.message : fallback;
