import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { TEST_CARDS } from '../payments/test-gateway.js';

/**
 * PRODUCT.md: card numbers and security codes go to the gateway and never into the database or
 * the logs. This file adds cards the way a member does, then reads every table and every log line.
 */
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'debug',
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  });
});
afterAll(async () => t?.close());

const VISA = { digits: '4111111111111111', typed: '4111 1111 1111 1111', cvv: '913' };
const AMEX = { digits: '371449635398431', typed: '3714 496353 98431', cvv: '7391' };
const expiry = `09/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

/** Every row of every table in every schema of the database (not only the app's own). */
async function dumpDatabase(): Promise<Array<{ table: string; rows: Record<string, unknown>[] }>> {
  const tables = (await t.db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  )) as unknown as { rows: Array<{ table_schema: string; table_name: string }> };
  const dump = [];
  for (const { table_schema: schema, table_name: name } of tables.rows) {
    const result = (await t.db.execute(sql.raw(`select * from "${schema}"."${name}"`))) as unknown as {
      rows: Record<string, unknown>[];
    };
    dump.push({ table: `${schema}.${name}`, rows: result.rows });
  }
  return dump;
}

/**
 * A short security code can turn up by chance inside a timestamp or a hex id, so it is looked for
 * as a value of its own: a whole string, a run of digits not part of a longer word, or a number.
 */
function containsCode(value: unknown, code: string): boolean {
  if (value === null || value === undefined || value instanceof Date) return false;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value) === code;
  if (typeof value === 'string') return new RegExp(`(^|[^0-9A-Za-z.:+-])${code}([^0-9A-Za-z.:+-]|$)`).test(value);
  if (Array.isArray(value)) return value.some((item) => containsCode(item, code));
  if (typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => containsCode(key, code) || containsCode(item, code));
  }
  return false;
}

const numberForms = (card: typeof VISA) => [card.digits, card.typed, card.typed.replace(/ /g, '-')];

describe('card numbers and security codes', () => {
  it('reach neither the database nor the log, whatever the gateway answers', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const headers = { tenant: TEST_TENANT, authorization: token };
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/v1/${TEST_TENANT}/customer/${member.id}/card`, headers, payload });

    const visa = await add({ cardNumber: VISA.typed, cardHolderName: 'Ada Vintner', expirationDate: expiry, cvv: VISA.cvv });
    expect(visa.statusCode).toBe(201);
    const amex = await add({ cardNumber: AMEX.typed, cardHolderName: 'Ada Vintner', expirationDate: expiry, cvv: AMEX.cvv, preferred: true });
    expect(amex.statusCode).toBe(201);
    // A declined card, a failing one and one refused by validation travel the same way.
    expect((await add({ cardNumber: TEST_CARDS.declined, cardHolderName: 'Ada Vintner', expirationDate: expiry, cvv: VISA.cvv })).statusCode).toBe(400);
    expect((await add({ cardNumber: TEST_CARDS.error, cardHolderName: 'Ada Vintner', expirationDate: expiry, cvv: VISA.cvv })).statusCode).toBe(400);
    const refused = await add({ cardNumber: VISA.typed, cardHolderName: 'Ada Vintner', expirationDate: '01/20', cvv: VISA.cvv });
    expect(refused.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${member.id}/card`, headers });

    const dump = await dumpDatabase();
    const tableNames = dump.map((d) => d.table);
    expect(tableNames).toEqual(expect.arrayContaining(['public.payment_cards', 'public.customers', 'public.sessions']));
    const cards = dump.find((d) => d.table === 'public.payment_cards')!.rows;
    expect(cards.map((c) => c.last4).sort()).toEqual(['1111', '8431']);

    const everything = JSON.stringify(dump);
    const log = logLines.join('');
    expect(log).toContain('request completed');
    const answers = [visa, amex, refused, list].map((r) => r.body).join('\n');

    for (const card of [VISA, AMEX]) {
      for (const form of numberForms(card)) {
        expect(everything).not.toContain(form);
        expect(log).not.toContain(form);
        expect(answers).not.toContain(form);
      }
      for (const { table, rows } of dump) {
        expect(containsCode(rows, card.cvv), `${card.cvv} found in ${table}`).toBe(false);
      }
      const entries = logLines.flatMap((line) => line.split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown));
      expect(containsCode(entries, card.cvv)).toBe(false);
      expect(containsCode(JSON.parse(`[${[visa, amex, refused, list].map((r) => r.body).join(',')}]`), card.cvv)).toBe(false);
    }
    for (const number of [TEST_CARDS.declined, TEST_CARDS.error]) {
      expect(everything).not.toContain(number);
      expect(log).not.toContain(number);
    }
  });

  it('would be found if they were there: the search itself works', () => {
    expect(containsCode([{ note: 'cvv 913 given' }], '913')).toBe(true);
    expect(containsCode({ cvv: 913 }, '913')).toBe(true);
    expect(containsCode({ at: '2026-11-22T05:17:08.913Z', id: 'a913b' }, '913')).toBe(false);
    expect(JSON.stringify({ n: '4111 1111 1111 1111' })).toContain(VISA.typed);
  });
});
