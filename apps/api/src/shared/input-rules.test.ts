import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { integerInput, textInput } from '@winery/domain';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { documentInputProblems, inputRuleProblems, operationsOf, readOpenApi, type JsonSchema, type OpenApiDocument } from '../testing/openapi-inputs.js';

/*
 * The guard of issue 11, finding 5: every string and whole number a route takes (path, query,
 * headers, body) goes through the domain's one text rule and one integer rule, read from the
 * OpenAPI document so that a route added tomorrow is checked too.
 */

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  document = await readOpenApi(t.app);
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
