import type { ApiErrorType } from '@winery/domain';

export type ReportLevel = 'error' | 'warning' | 'info';

export interface ApiErrorReport {
  message: string;
  level: ReportLevel;
}

export const LOGIN_API_PATH = '/v1/customer/login';
export const FAILED_LOGIN_MESSAGE = 'Failed Login Attempt';
export const FORM_VALIDATION_MESSAGE = 'Form Validation Error';
export const MISSING_AUTHORIZATION_MESSAGE = 'Request sent without Authorization header';

/** A path without its query, with ids replaced, so reports of one endpoint group together. */
export function endpointOf(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  return bare
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:id')
    .replace(/\/\d+(?=\/|$)/g, '/:id');
}

export const isLoginRequest = (path: string): boolean => endpointOf(path) === LOGIN_API_PATH;

/**
 * Customer endpoints a visitor calls without a token: signing in, asking for a sign-in link or a
 * password reset, and the e-mailed links' exchanges (their proof is the link's own token).
 */
const PUBLIC_CUSTOMER_ENDPOINT =
  /^\/v1\/customer\/(?:login|password-reset(?:\/confirm)?|password-create\/confirm|login-link(?:\/[^/]+(?:\/resend)?)?|link\/exchange)$/;

/** Member endpoints (seed §7): everything under /v1/…/customer/ except what a visitor may call. */
export function isMemberEndpoint(path: string): boolean {
  const endpoint = endpointOf(path);
  return /^\/v1\/(?:[^/]+\/)?customer\//.test(endpoint) && !PUBLIC_CUSTOMER_ENDPOINT.test(endpoint);
}

export interface ApiFailure {
  type: ApiErrorType;
  status: number;
  method: string;
  /** The request path, query included (the skip flag is read from it). */
  path: string;
}

/**
 * How an API failure is reported (seed §8), or null when it is not.
 *
 * `skipErrorReporting=true` is sent by callers that show the failure to the user themselves (the
 * login form): their failures are not application errors and are not reported. One exception,
 * deliberately: a refused sign-in at the login URL is still reported as the warning 'Failed Login
 * Attempt' (seed §8), because repeated ones are a security signal the flag must not hide. The
 * report carries no e-mail or password, only the endpoint.
 */
export function apiErrorReport(failure: ApiFailure): ApiErrorReport | null {
  const query = failure.path.includes('?') ? new URLSearchParams(failure.path.split('?')[1]) : null;
  const skip = query?.get('skipErrorReporting') === 'true';
  const endpoint = endpointOf(failure.path);
  if (failure.type === 'unauthorized' && isLoginRequest(failure.path)) {
    return { message: FAILED_LOGIN_MESSAGE, level: 'warning' };
  }
  if (skip) return null;
  switch (failure.type) {
    case 'unauthorized':
      return { message: `Unauthorized: ${failure.method} ${endpoint}`, level: 'warning' };
    case 'validationError':
      return { message: FORM_VALIDATION_MESSAGE, level: 'info' };
    default:
      return {
        message: failure.status === 0 ? `Network error: ${failure.method} ${endpoint}` : `API error ${failure.status} (${failure.type}): ${failure.method} ${endpoint}`,
        level: 'error',
      };
  }
}
