import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    globalRateLimit: { max: 30, timeWindowMs: 60_000 },
    beforeReady: (app) => {
      app.get('/v1/test/explode', async () => {
        throw new Error('connection to 10.0.0.5 refused: password authentication failed for user "winery"');
      });
    },
  });
});
afterAll(async () => t?.close());

describe('the error handler', () => {
  it('answers an unexpected failure with 500 and no internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, type: 'other', message: 'Sorry, something went wrong' });
    expect(response.body).not.toMatch(/10\.0\.0\.5|password|stack|at /);
  });

  it('answers a body of the wrong type with a field error in our words, not the validator\'s', async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/customer/login',
        headers: { tenant: TEST_TENANT, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ statusCode: 400, type: 'validationError' });
      for (const error of body.errors) {
        expect(error.code).toBe('invalidType');
        expect(error.message).not.toMatch(/expected|received/i);
      }
    }
  });

  it('answers unknown /v1 paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no-such-thing'],
      ['POST', '/v1/customer/signup'],
      ['GET', '/v1'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { tenant: TEST_TENANT } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
    }
  });

  it('answers any path with JSON 404 when there is no web build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/philosophy' });
    expect(response.statusCode).toBe(404);
    expect(response.json().type).toBe('notFound');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('answers rateLimited once an address exceeds the global limit', async () => {
    let last;
    for (let i = 0; i < 31; i += 1) {
      last = await t.app.inject({ method: 'GET', url: '/v1/health', remoteAddress: '203.0.113.77' });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ statusCode: 429, type: 'rateLimited' });
    expect(last!.headers['retry-after']).toBeDefined();
  });
});

/** Writes raw bytes to the listening server and reads the whole answer (the server closes the socket). */
async function rawExchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(request);
  });
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body };
}

describe('answers made before any route runs (issue 11)', () => {
  const SECRETISH = 'Q29uZmlkZW50aWFsLXBhdGgtc2VnbWVudA';

  it('a path segment over the router’s limit: 414 in the usual shape, the URL not echoed', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/customer/login-link/${SECRETISH.repeat(4)}`, headers: { tenant: TEST_TENANT } });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ statusCode: 414, type: 'validationError', message: 'This address is too long' });
    expect(response.body).not.toContain(SECRETISH);
  });

  it('a path that is not valid percent-encoding: 400 in the usual shape, the URL not echoed', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/customer/login-link/${SECRETISH}%E0%A4%A`, headers: { tenant: TEST_TENANT } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, type: 'validationError', message: 'This address is not valid' });
    expect(response.body).not.toContain(SECRETISH);
  });

  it('requests the HTTP parser refuses: the usual shape on the raw socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const garbled = await rawExchange(port, `GET /reset-password/${SECRETISH} HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n`);
    expect(garbled.status).toBe(400);
    expect(garbled.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(garbled.body)).toEqual({ statusCode: 400, type: 'validationError', message: 'The request could not be read' });

    const huge = await rawExchange(port, `GET /v1/health?${SECRETISH}=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({ statusCode: 431, type: 'validationError', message: 'The request headers are too large' });
    for (const answer of [garbled, huge]) expect(answer.body).not.toContain(SECRETISH);
  });
});
