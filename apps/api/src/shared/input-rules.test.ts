import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { integerInput, textInput } from '@winery/domain';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';
import { documentInputProblems, inputRuleProblems, operationsOf, readOpenApi, type JsonSchema, type OpenApiDocument } from '../testing/openapi-inputs.js';

/*
 * The guard of issue 11, finding 5: every string and whole number a route takes (path, query,
 * headers, body) goes through the domain's one text rule and one integer rule, read from the
 * OpenAPI document so that a route added tomorrow is checked too.
 */

let t: TestApp;
let document: OpenApiDocument;
let member: { id: string; token: string };
let staffToken: string;
let offeringId: string;

beforeAll(async () => {
  t = await createTestApp();
  document = await readOpenApi(t.app);
  const customer = await t.createCustomer();
  member = { id: customer.id, token: await t.signIn(customer.email) };
  staffToken = await t.signInStaff((await t.createStaffUser({ role: 'admin' })).email);
  offeringId = (await t.createOffering()).id;
});
afterAll(async () => t?.close());

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' }) as JsonSchema;

describe('the input guard', () => {
  it('flags a bare string, an unbounded or too large integer, and free-form values', () => {
    const loose = z.object({
      name: z.string().max(80),
      count: z.number().int(),
      big: z.number().int().min(0).max(2 ** 31),
      extra: z.record(z.string(), z.unknown()),
    });
    expect(inputRuleProblems(jsonSchema(loose), 'body')).toEqual([
      'body.name: string without the text rule',
      'body.count: integer bounds [-9007199254740991, 9007199254740991] exceed int4',
      'body.big: integer bounds [0, 2147483648] exceed int4',
      'body.extra.*: accepts any value',
      'body.extra: keys are not checked',
    ]);
  });

  it('passes the domain’s rules, ids, dates, enums and nested lists of them', () => {
    const ruled = z.object({
      name: textInput().max(80),
      notes: textInput({ multiline: true }).optional(),
      count: integerInput({ min: 0, max: 10 }),
      total: integerInput({ column: 'int8' }),
      id: z.uuid(),
      when: z.iso.datetime({ offset: true }),
      kind: z.enum(['a', 'b']).nullable(),
      lines: z.array(z.object({ quantity: integerInput() })),
    });
    expect(inputRuleProblems(jsonSchema(ruled), 'body')).toEqual([]);
  });
});

describe('every route of /v1/openapi.json', () => {
  it('takes strings only through the text rule and integers only within int4', () => {
    expect(documentInputProblems(document)).toEqual([]);
  });

  it('is read whole: every write route and its inputs are in the walk', () => {
    const operations = operationsOf(document);
    const writes = operations.filter((op) => op.method !== 'get');
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.filter((op) => op.body).length).toBeGreaterThan(20);
    const rates = operations.find((op) => op.method === 'put' && op.path === '/v1/staff/rates');
    expect(rates?.body?.properties?.shippingRates?.items?.properties?.minBottles).toMatchObject({ maximum: 2_147_483_647 });
    const tenantHeader = rates?.parameters.find((parameter) => parameter.in === 'header' && parameter.name === 'tenant');
    expect(inputRuleProblems(tenantHeader?.schema, 'tenant')).toEqual([]);
  });
});

const NOT_ALLOWED = { code: 'charactersNotAllowed', message: 'This field contains characters that are not allowed.' };

describe('the inputs of issue 11 that gave 500s answer 400 with the field named', () => {
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, authorization?: string) =>
    t.app.inject({ method, url, headers: { tenant: TEST_TENANT, ...(authorization ? { authorization } : {}) }, payload: payload as object });
  const refused = (field: string, code = NOT_ALLOWED.code, message = NOT_ALLOWED.message) => ({
    statusCode: 400,
    type: 'validationError',
    message: 'Please check the highlighted fields',
    errors: [{ field, code, message }],
  });
  const address = { address1: '12 Vineyard Road', city: 'Sonoma', stateCode: 'CA', zipCode: '95476', countryCode: 'US' };
  const offering = { name: 'Spring', slug: 'spring', startDate: '2030-01-01T00:00:00Z', endDate: '2030-02-01T00:00:00Z' };

  it('a NUL bottle ID, without signing in', async () => {
    const response = await send('POST', '/v1/bottle-verification', { bottleId: '\u0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('bottleId'));
  });

  it('NUL in an address, a card holder’s name, a staff wine; a lone surrogate in an offering letter', async () => {
    const base = `/v1/${TEST_TENANT}/customer/${member.id}`;
    expect((await send('POST', `${base}/address`, { ...address, city: 'Sonoma\u0000' }, member.token)).json()).toEqual(refused('city'));
    const card = { cardNumber: '4242 4242 4242 4242', cardHolderName: 'Ada\u0000', expirationDate: '12/40', cvv: '123' };
    expect((await send('POST', `${base}/card`, card, member.token)).json()).toEqual(refused('cardHolderName'));
    expect((await send('POST', '/v1/staff/wines', { name: 'Melbury\u0000', vintage: 2022 }, staffToken)).json()).toEqual(refused('name'));
    const letter = { title: 'Spring \ud800', paragraphs: ['Dear member,'], signature: 'C. A.' };
    expect((await send('PUT', `/v1/staff/offerings/${offeringId}`, { ...offering, letter }, staffToken)).json()).toEqual(refused('letter.title'));
    const metaData = { 'skip-letter': true, 'note\u0000': 'x' };
    const allocations = await send('PUT', `/v1/staff/offerings/${offeringId}/allocations`, [{ customerId: member.id, metaData, lines: [] }], staffToken);
    expect(allocations.statusCode).toBe(400);
    expect(allocations.json().errors[0]).toMatchObject({ field: '0.metaData.note\u0000' });
  });

  it('2147483648 bottles in a shipping band; 2147483647 is the band’s highest count', async () => {
    const band = { countryCode: 'US', minBottles: 1, maxBottles: 2_147_483_648, priceCents: 4_500 };
    const rates = { taxRates: [], restrictions: [], notices: [] };
    const tooMany = await send('PUT', '/v1/staff/rates', { ...rates, shippingRates: [band] }, staffToken);
    expect(tooMany.json()).toEqual(refused('shippingRates.0.maxBottles', 'invalidQuantity', 'Invalid quantity'));
    const most = await send('PUT', '/v1/staff/rates', { ...rates, shippingRates: [{ ...band, maxBottles: 2_147_483_647 }] }, staffToken);
    expect(most.statusCode).toBe(200);
  });
});
