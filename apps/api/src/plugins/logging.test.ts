import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index.js';
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
      // A query that fails with personal data and a gateway token among its parameters.
      app.post('/v1/test/failing-query', async () => {
        await t.db.insert(customers).values({
          tenantId: 'no-such-tenant',
          firstName: 'Query-Secret-Person',
          lastName: 'tok_live_QuerySecretGateway',
          email: 'query-secret@example.com',
          phone: '+1 707 555 0199',
          dateOfBirth: '1970-01-01',
        });
        return { ok: true };
      });
      // A careless future log call, at every depth redaction promises to cover.
      app.post('/v1/test/log-body', async (request) => {
        const body = request.body as Record<string, unknown>;
        request.log.info(body, 'body itself');
        request.log.info({ body }, 'body one level down');
        request.log.info({ req: { body } }, 'body two levels down');
        request.log.info({ input: { card: { form: body } } }, 'body three levels down');
        return { ok: true };
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

describe('log redaction', () => {
  it('hides card data and every password field at the top of a log object and nested in it', async () => {
    const secrets = {
      cardNumber: '5555555555554444',
      cvv: '8642',
      cvv2: '9753',
      password: 'Nested-Secret-11',
      currentPassword: 'Current-Secret-22',
      newPassword: 'New-Secret-33',
      confirmPassword: 'Confirm-Secret-44',
    };
    const before = lines.length;
    const response = await t.app.inject({ method: 'POST', url: '/v1/test/log-body', payload: secrets });
    expect(response.statusCode).toBe(200);
    const log = lines.slice(before).join('');
    for (const message of ['body itself', 'body one level down', 'body two levels down', 'body three levels down']) {
      expect(log).toContain(message);
    }
    expect(log).toContain('[redacted]');
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });
});

describe('link tokens in the request log (issue 11)', () => {
  it('redacts the token of every link path, whatever its case or encoding', async () => {
    const token = 'TGlua1Rva2VuSW5UaGVMb2dfMDEyMzQ1Njc4OWFiY2Rl';
    const before = lines.length;
    const urls = [
      `/reset-password/${token}`,
      `/login-by-link/${token}`,
      `/account-link/${token}?from=mail`,
      `/allocation-link/${token}/extra`,
      `/create-password/${token}`,
      `/RESET-PASSWORD/${token}`,
      `/reset%2Dpassword/${token}`,
      `/members/login-by-link%2F${token}`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const log = lines.slice(before).join('');
    expect(log).not.toContain(token);
    const entries = lines.slice(before).map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number });
    // One line per request, written when it is answered, with the request, the status and the time.
    expect(entries.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = entries.filter((line) => line.msg === 'request completed');
    for (const line of completed) {
      expect(line.req!.method).toBe('GET');
      expect(line.res!.statusCode).toBeGreaterThanOrEqual(200);
      expect(line.responseTime).toBeGreaterThan(0);
    }
    const logged = completed.map((line) => line.req!.url);
    expect(logged).toEqual([
      '/reset-password/[redacted]',
      '/login-by-link/[redacted]',
      '/account-link/[redacted]',
      '/allocation-link/[redacted]',
      '/create-password/[redacted]',
      '/RESET-PASSWORD/[redacted]',
      '/reset-password/[redacted]',
      '/members/login-by-link/[redacted]',
    ]);
  });
});

describe('failed queries in the log (issue 11)', () => {
  it('logs the error’s kind, code, constraint and statement, never its parameters', async () => {
    const before = lines.length;
    const response = await t.app.inject({ method: 'POST', url: '/v1/test/failing-query', payload: {} });
    expect(response.statusCode).toBe(500);
    const log = lines.slice(before).join('');
    for (const value of ['Query-Secret-Person', 'tok_live_QuerySecretGateway', 'query-secret@example.com', '+1 707 555 0199', 'no-such-tenant', 'params']) {
      expect(log).not.toContain(value);
    }
    const line = lines
      .slice(before)
      .map((text) => JSON.parse(text) as { msg: string; err?: Record<string, unknown> })
      .find((entry) => entry.msg === 'unexpected error')!;
    expect(line.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "customers"',
      cause: { code: '23503', constraint: 'customers_tenant_id_tenants_id_fk', table: 'customers' },
    });
    expect(String(line.err!.stack)).toMatch(/^\s+at /);
  });
});
