import { describe, expect, it } from 'vitest';
import { apiErrorReport, endpointOf, isMemberEndpoint } from './api-error-report';

const failure = (type: Parameters<typeof apiErrorReport>[0]['type'], path: string, status = 400) =>
  apiErrorReport({ type, status, method: 'POST', path });

describe('apiErrorReport', () => {
  it('reports a refused sign-in as the warning Failed Login Attempt, even with the skip flag', () => {
    const expected = { message: 'Failed Login Attempt', level: 'warning' };
    expect(failure('unauthorized', '/v1/customer/login', 401)).toEqual(expected);
    expect(failure('unauthorized', '/v1/customer/login?skipErrorReporting=true', 401)).toEqual(expected);
  });

  it('reports nothing else of a call made with skipErrorReporting=true', () => {
    expect(failure('validationError', '/v1/customer/login?skipErrorReporting=true')).toBeNull();
    expect(failure('other', '/v1/customer/login?skipErrorReporting=true', 500)).toBeNull();
    expect(failure('rateLimited', '/v1/customer/login?skipErrorReporting=true', 429)).toBeNull();
  });

  it('reports other unauthorized answers as warnings', () => {
    expect(failure('unauthorized', '/v1/customer/3f2b8c1e-1111-4a4a-9b9b-123456789abc', 401)).toEqual({
      message: 'Unauthorized: POST /v1/customer/:id',
      level: 'warning',
    });
  });

  it('reports validation errors as the info Form Validation Error', () => {
    expect(failure('validationError', '/v1/customer/not-an-id')).toEqual({ message: 'Form Validation Error', level: 'info' });
    expect(failure('validationError', '/v1/customer/login')).toEqual({ message: 'Form Validation Error', level: 'info' });
  });

  it('reports anything else as an error', () => {
    for (const type of ['other', 'notFound', 'forbidden', 'conflict', 'rateLimited'] as const) {
      expect(failure(type, '/v1/demo/customer/x/allocation', 500)?.level).toBe('error');
    }
    expect(failure('other', '/v1/customer/login', 0)?.message).toBe('Network error: POST /v1/customer/login');
  });
});

describe('member endpoints', () => {
  it('are the customer paths other than signing in', () => {
    expect(isMemberEndpoint('/v1/customer/abc')).toBe(true);
    expect(isMemberEndpoint('/v1/customer/logout')).toBe(true);
    expect(isMemberEndpoint('/v1/demo/customer/abc/allocation')).toBe(true);
    expect(isMemberEndpoint('/v1/customer/login?skipErrorReporting=true')).toBe(false);
    expect(isMemberEndpoint('/v1/health')).toBe(false);
  });

  it('leave out what a visitor calls without a token: reset, sign-in links and their exchange', () => {
    for (const path of [
      '/v1/customer/password-reset',
      '/v1/customer/password-reset/confirm',
      '/v1/customer/password-create/confirm',
      '/v1/customer/login-link',
      '/v1/customer/login-link/3f2b8c1e-1111-4a4a-9b9b-123456789abc',
      '/v1/customer/login-link/3f2b8c1e-1111-4a4a-9b9b-123456789abc/resend',
      '/v1/customer/link/exchange',
    ]) {
      expect(isMemberEndpoint(path), path).toBe(false);
    }
    expect(isMemberEndpoint('/v1/customer/3f2b8c1e-1111-4a4a-9b9b-123456789abc/password')).toBe(true);
  });

  it('group by endpoint, ids and query left out', () => {
    expect(endpointOf('/v1/customer/3f2b8c1e-1111-4a4a-9b9b-123456789abc/allocation/42?x=1')).toBe(
      '/v1/customer/:id/allocation/:id',
    );
  });
});
