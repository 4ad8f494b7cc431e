import type { ZodType } from 'zod';
import { checkAuthorization, reportApiFailure, reportException } from './error-reporting/error-reporting';
import { ApiError } from './api-error';
import { TENANT } from './tenant';

/** Where a member's own resources live: `/v1/{tenant}/customer/{customerId}`, then the resource. */
export const customerPath = (customerId: string | null): string =>
  `/v1/${encodeURIComponent(TENANT)}/customer/${encodeURIComponent(customerId ?? '')}`;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string>;
  /** The member's raw token; sent as `Authorization: <token>` (no scheme word). */
  token?: string | null;
  /** Checks the answer's shape; without it the body is returned as it came. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

/**
 * The one HTTP client of the web app: same origin, JSON, tenant header, raw token. Its failures are
 * reported to error reporting by type (seed §8; a no-op unless a DSN is configured).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, token, schema, signal } = options;
  const headers: Record<string, string> = { tenant: TENANT };
  // A JSON content type with no body is a malformed request to the API.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = token;
  const url = query ? `${path}?${new URLSearchParams(query).toString()}` : path;
  checkAuthorization(method, path, Boolean(token));

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError({ status: 0, type: 'other', message: '', sentToken: Boolean(token) });
    reportApiFailure({ type: error.type, status: 0, method, path: url });
    throw error;
  }

  if (!response.ok) {
    const error = await ApiError.fromResponse(response, Boolean(token));
    reportApiFailure({ type: error.type, status: error.status, method, path: url });
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  try {
    const data: unknown = text ? JSON.parse(text) : undefined;
    return schema ? schema.parse(data) : (data as T);
  } catch (error) {
    // The API broke its own contract: a bug, never the member's doing.
    reportException(error, { method, path });
    throw error;
  }
}

export const apiClient = {
  get: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = void>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
