import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../testing/test-app.js';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'debug',
    logStream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
    beforeReady: (app) => {
      app.post('/v1/test/explode', async () => {
        throw new Error('boom');
      });
    },
  });
});
afterAll(async () => t?.close());

describe('the request log', () => {
  it('never holds passwords, tokens or request bodies', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    await t.app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      headers: { tenant: TEST_TENANT },
      payload: { email: member.email, password: 'Wrong-Secret-99' },
    });
    await t.app.inject({ method: 'GET', url: `/v1/customer/${member.id}`, headers: { tenant: TEST_TENANT, authorization: token } });
    await t.app.inject({
      method: 'POST',
      url: '/v1/test/explode',
      headers: { authorization: token },
      payload: { password: 'Body-Secret-77', cardNumber: '4111111111111111' },
    });

    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('unexpected error');
    for (const secret of [TEST_PASSWORD, 'Wrong-Secret-99', 'Body-Secret-77', '4111111111111111', token, token.split('.')[2]!]) {
      expect(log).not.toContain(secret);
    }
  });
});
