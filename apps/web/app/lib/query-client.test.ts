import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { retryDelay, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError({ status, type: 'other', message: '', sentToken: true });

describe('query retries', () => {
  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('does not retry client errors', () => {
    expect(shouldRetry(0, apiError(401))).toBe(false);
    expect(shouldRetry(0, apiError(404))).toBe(false);
  });

  it('retries server and network failures a few times', () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(0, apiError(0))).toBe(true);
    expect(shouldRetry(3, apiError(503))).toBe(false);
  });
});
