import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactText, redactUrl, serializeError, summarizeQuery } from './log-redaction.js';

const TOKEN = 'aGVyZS1pcy1hLWxpbmstdG9rZW4tb2YtNDMtY2hhcnM';

describe('redactUrl', () => {
  it.each([
    [`/reset-password/${TOKEN}`, '/reset-password/[redacted]'],
    [`/login-by-link/${TOKEN}?utm=mail#top`, '/login-by-link/[redacted]'],
    [`/Account-Link/${TOKEN}`, '/Account-Link/[redacted]'],
    [`/allocation-link%2f${TOKEN}`, '/allocation-link/[redacted]'],
    [`/create%2Dpassword/${TOKEN}`, '/create-password/[redacted]'],
    [`https://members.example.com/members/reset-password/${TOKEN}`, 'https://members.example.com/members/reset-password/[redacted]'],
    // Unsubscribe links (issue 15): the page, its API calls and a mail app's one-click POST.
    [`/unsubscribe/${TOKEN}`, '/unsubscribe/[redacted]'],
    [`/v1/unsubscribe/${TOKEN}`, '/v1/unsubscribe/[redacted]'],
    [`/Unsubscribe%2F${TOKEN}`, '/Unsubscribe/[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves every other path alone', () => {
    for (const url of ['/v1/customer/login-link/6f1c1c1e-8f1a-4c55-9a53-0d7d1f3b8a11', '/magic-link/abc', '/v1/customer/password-reset/confirm', '/reset-passwords/x', '/login', '/profile/communication']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('redactText', () => {
  it('removes link tokens, URL credentials and a query parameter list from free text', () => {
    const text = `Failed query: select 1 from "x" where a = $1\nparams: ada@example.com,tok_test_123 while opening /reset-password/${TOKEN} via smtp://mailer:hunter2@smtp.example:587`;
    const clean = redactText(text);
    for (const secret of ['ada@example.com', 'tok_test_123', TOKEN, 'hunter2']) expect(clean).not.toContain(secret);
    expect(clean).toContain('Failed query: select 1 from "x" where a = $1');
  });
});

describe('summarizeQuery', () => {
  it.each([
    ['insert into "payment_cards" ("id", "gateway_token") values ($1, $2)', 'insert into "payment_cards"'],
    ['update "mail_queue" set "status" = $1 where "id" = $2', 'update "mail_queue"'],
    ['select "id", "email" from "customers" where "email" = $1', 'select "customers"'],
    ['delete from "sessions" where "token_hash" = $1', 'delete from "sessions"'],
    ["select 'literal-secret'", 'select'],
    ['vacuum', 'statement'],
  ])('%s → %s', (sql, expected) => {
    expect(summarizeQuery(sql)).toBe(expected);
  });
});

/** A driver error shaped as node-postgres and PGlite give it: values in message, detail and where. */
function databaseError() {
  return Object.assign(new Error('insert or update on table "orders" violates foreign key constraint "orders_card_fk"'), {
    name: 'error',
    severity: 'ERROR',
    code: '23503',
    detail: 'Key (card_id)=(tok_live_secret) is not present in table "payment_cards".',
    where: 'SQL statement with ada@example.com',
    table: 'orders',
    constraint: 'orders_card_fk',
  });
}

describe('serializeError', () => {
  it('a failed query: class, SQLSTATE, constraint, table and statement; no message, detail or values', () => {
    const error = new DrizzleQueryError('insert into "orders" ("card_id", "email") values ($1, $2)', ['tok_live_secret', 'ada@example.com'], databaseError());
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "orders"',
      cause: { code: '23503', constraint: 'orders_card_fk', table: 'orders' },
    });
    const text = JSON.stringify(serialized);
    for (const secret of ['tok_live_secret', 'ada@example.com', 'Key (card_id)', 'params']) expect(text).not.toContain(secret);
    expect(serialized.stack).toMatch(/^\s+at /);
  });

  it('any other error: its class, code and message with tokens and credentials removed, and no stray properties', () => {
    const error = Object.assign(new Error(`Invalid login for smtp://mailer:hunter2@smtp.example opening /login-by-link/${TOKEN}`), {
      code: 'EAUTH',
      rawPacket: Buffer.from(`GET /reset-password/${TOKEN} HTTP/1.1\r\nAuthorization: Bearer abc`),
      response: '535 password hunter2 rejected',
    });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({ type: 'Error', code: 'EAUTH' });
    expect(Object.keys(serialized).sort()).toEqual(['code', 'message', 'stack', 'type']);
    const text = JSON.stringify(serialized);
    for (const secret of ['hunter2', TOKEN, 'Bearer abc']) expect(text).not.toContain(secret);
  });

  it('follows causes a few levels down, and handles what is not an Error', () => {
    const inner = databaseError();
    const serialized = serializeError(new Error('outer', { cause: new Error('middle', { cause: inner }) }));
    expect(serialized.cause?.cause).toMatchObject({ code: '23503', message: expect.not.stringContaining('tok_live_secret') });
    expect(serializeError(`/reset-password/${TOKEN}`)).toMatchObject({ type: 'string', message: '/reset-password/[redacted]' });
  });
});
