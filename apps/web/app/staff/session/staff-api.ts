import { ApiError } from '../../lib/api-error';
import { TENANT } from '../../lib/tenant';
import { clearStaffToken, readStaffToken } from './staff-session';

export interface StaffRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body, or a string sent as is with `contentType` (CSV uploads). */
  body?: unknown;
  contentType?: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Sign-in sends no token. */
  anonymous?: boolean;
}

/** `/v1/staff` + path, with the query's empty values left out. */
export function staffUrl(path: string, query?: StaffRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/v1/staff${path}${search ? `?${search}` : ''}`;
}

/**
 * The console's HTTP client: tenant header, the staff token (raw, as members send theirs), JSON.
 * A failure is an ApiError carrying the API's `{statusCode,type,message,errors}`; a 401 to a
 * request that carried the token ends the staff session (the console then shows the sign-in).
 */
export async function staffRequest<T = unknown>(path: string, options: StaffRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, contentType, query, signal, anonymous = false } = options;
  const token = anonymous ? null : readStaffToken();
  const headers: Record<string, string> = { tenant: TENANT };
  if (token) headers.Authorization = token;
  let payload: string | undefined;
  if (body !== undefined) {
    headers['Content-Type'] = contentType ?? 'application/json';
    payload = contentType ? String(body) : JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(staffUrl(path, query), { method, headers, body: payload, signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, type: 'other', message: '', sentToken: Boolean(token) });
  }
  if (!response.ok) {
    const error = await ApiError.fromResponse(response, Boolean(token));
    if (error.status === 401 && token) clearStaffToken();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const staffApi = {
  get: <T>(path: string, query?: StaffRequestOptions['query'], signal?: AbortSignal) =>
    staffRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, options: Omit<StaffRequestOptions, 'method' | 'body'> = {}) =>
    staffRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => staffRequest<T>(path, { method: 'PUT', body }),
  delete: <T = void>(path: string) => staffRequest<T>(path, { method: 'DELETE' }),
};

/**
 * A write whose upload progress staff should see (a large CSV): XMLHttpRequest, since fetch does
 * not report upload progress. Same headers, errors and 401 handling as staffRequest.
 */
export function staffUpload<T>(
  path: string,
  body: string,
  { contentType = 'application/json', query, onProgress }: { contentType?: string; query?: StaffRequestOptions['query']; onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  const token = readStaffToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', staffUrl(path, query));
    xhr.setRequestHeader('tenant', TENANT);
    xhr.setRequestHeader('Content-Type', contentType);
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, type: 'other', message: '', sentToken: Boolean(token) }));
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      if (!response.ok) {
        void ApiError.fromResponse(response, Boolean(token)).then((error) => {
          if (error.status === 401 && token) clearStaffToken();
          reject(error);
        });
        return;
      }
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(body);
  });
}
