import { describe, expect, it, vi } from 'vitest';
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { loadPageDataWith } from './page-data';

const noWait = { sleep: () => Promise.resolve() };

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** What a thrown `data(…, { status })` carries. */
const statusOf = (error: unknown) =>
  isRouteErrorResponse(error) ? error.status : (error as { init?: { status?: number } }).init?.status;

describe('loadPageData', () => {
  it('passes the data through', async () => {
    await expect(loadPageDataWith(() => Promise.resolve({ page: 1 }), noWait)).resolves.toEqual({ page: 1 });
  });

  it.each([404, 500])('shows a %i at once, without retrying', async (status) => {
    const serverLoader = vi.fn(() => Promise.reject(new ErrorResponse(status, '', '')));
    const error = await caught(loadPageDataWith(serverLoader, noWait));
    expect(statusOf(error)).toBe(status);
    expect(serverLoader).toHaveBeenCalledTimes(1);
  });

  it('retries other failures up to 3 times, then answers 500', async () => {
    const serverLoader = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(loadPageDataWith(serverLoader, noWait));
    expect(statusOf(error)).toBe(500);
    expect(serverLoader).toHaveBeenCalledTimes(4);
  });

  it('succeeds when a retry does, waiting longer each time', async () => {
    const serverLoader = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ErrorResponse(503, '', ''))
      .mockRejectedValueOnce(new Error('Unable to decode turbo-stream response'))
      .mockResolvedValue('ok');
    const waits: number[] = [];
    const result = await loadPageDataWith(serverLoader, { sleep: async (ms) => void waits.push(ms) });
    expect(result).toBe('ok');
    expect(waits).toEqual([200, 400]);
  });

  it('does not retry a redirect or a cancelled navigation', async () => {
    const redirect = new Response(null, { status: 302 });
    const serverLoader = vi.fn(() => Promise.reject(redirect));
    expect(await caught(loadPageDataWith(serverLoader, noWait))).toBe(redirect);
    expect(serverLoader).toHaveBeenCalledTimes(1);
  });
});
