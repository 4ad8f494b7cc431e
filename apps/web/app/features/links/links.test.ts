import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { readToken } from '../../lib/session/session';
import { linkFailure, linkRefusal } from './link-errors';
import { exchangeLinkOnce, forgetLinkExchange } from './links.api';

const USED = 'This link has expired or was already used.';
const EXPIRED_ALLOCATION = 'This allocation link has expired...';
const CUSTOMER_ID = '3f2b8c1e-1111-4a4a-9b9b-123456789abc';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (message: string, code: string) =>
  json(400, { statusCode: 400, type: 'validationError', message, errors: [{ field: 'token', message, code }] });

describe('exchanging an e-mailed link', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let token = 0;

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    token += 1;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a one-time token once, however often it is asked for (StrictMode runs effects twice)', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 'member-session-token', customerId: CUSTOMER_ID }));
    const queryClient = new QueryClient();
    const linkToken = `link-token-${token}-abcdefghijklmnop`;

    const [first, second] = await Promise.all([
      exchangeLinkOnce(queryClient, linkToken, 'login'),
      exchangeLinkOnce(queryClient, linkToken, 'login'),
    ]);
    await exchangeLinkOnce(queryClient, linkToken, 'login');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/customer/link/exchange');
    expect(JSON.parse(String(init?.body))).toEqual({ token: linkToken, purpose: 'login' });
    expect(first).toBe(second);
    // The session is stored as a password sign-in stores it.
    expect(readToken(queryClient)).toBe('member-session-token');
  });

  it('keeps a refused link refused, and lets a network failure be tried again', async () => {
    const queryClient = new QueryClient();
    const used = `used-token-${token}-abcdefghijklmnop`;
    fetchMock.mockResolvedValue(refusal(USED, 'linkInvalid'));
    await expect(exchangeLinkOnce(queryClient, used, 'login')).rejects.toBeInstanceOf(ApiError);
    await expect(exchangeLinkOnce(queryClient, used, 'login')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const offline = `offline-token-${token}-abcdefghijklmnop`;
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(exchangeLinkOnce(queryClient, offline, 'account')).rejects.toBeInstanceOf(ApiError);
    forgetLinkExchange(offline, 'account');
    fetchMock.mockResolvedValueOnce(json(200, { token: 'second-try', customerId: CUSTOMER_ID }));
    await expect(exchangeLinkOnce(queryClient, offline, 'account')).resolves.toMatchObject({ token: 'second-try' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('what a link that did not work says', () => {
  const apiError = (status: number, message: string, errors: { field: string; message: string; code: string }[] = []) =>
    new ApiError({ status, type: status === 429 ? 'rateLimited' : 'validationError', message, errors, sentToken: false });

  it('is the message on the token field, in the seed’s words', () => {
    expect(linkFailure(apiError(400, 'Please check the highlighted fields', [{ field: 'token', message: USED, code: 'linkInvalid' }]))).toEqual({
      retry: false,
      message: USED,
    });
    expect(linkRefusal(apiError(400, EXPIRED_ALLOCATION, [{ field: 'token', message: EXPIRED_ALLOCATION, code: 'allocationLinkExpired' }]))).toBe(
      EXPIRED_ALLOCATION,
    );
  });

  it('is the server’s sentence when too many links were tried', () => {
    const wait = 'Too many links that do not work were opened from your network. Please wait a few minutes and try again.';
    expect(linkFailure(apiError(429, wait))).toEqual({ retry: false, message: wait });
    expect(linkRefusal(apiError(429, wait))).toBeNull();
  });

  it('offers another try when nothing was decided about the link', () => {
    expect(linkFailure(apiError(0, ''))).toEqual({ retry: true });
    expect(linkFailure(apiError(503, 'Sorry, something went wrong'))).toEqual({ retry: true });
    expect(linkFailure(new TypeError('boom'))).toEqual({ retry: true });
  });

  it('is not about the link when the password was refused', () => {
    expect(
      linkRefusal(apiError(400, 'Please check the highlighted fields', [{ field: 'password', message: 'This password is too common. Please choose another.', code: 'passwordTooCommon' }])),
    ).toBeNull();
  });
});
