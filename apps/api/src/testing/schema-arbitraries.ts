import fc from 'fast-check';
import type { JsonSchema } from './openapi-inputs.js';

/*
 * fast-check arbitraries read from a route's JSON Schema (as /v1/openapi.json documents it),
 * mixed with values no schema should let through to the database. A schema this module cannot
 * read is an error, never a silent skip: the fuzzer must cover every route.
 */

/** Strings that break PostgreSQL, JSON or naive code when they get that far. */
const HOSTILE_STRINGS = [
  '\u0000',
  'Rue du Bac\u0000',
  '\ud800',
  '\udc00',
  'x\udc00\ud800y',
  '\u001b[31m',
  'a\u0008b',
  'line\nbreak',
  '',
  ' ',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '2147483648',
  '__proto__',
  'constructor',
  "'; DROP TABLE customers; --",
  '%00',
  '../../etc/passwd',
  '\u202egnp.exe',
  '🍷'.repeat(300),
];
/** Past the 256 KB body limit: the answer must still be the error shape (413). */
export const ONE_MEGABYTE = 'a'.repeat(1 << 20);
const LONG_STRING = 'x'.repeat(70_000);

const HOSTILE_NUMBERS = [2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, 2 ** 53, -(2 ** 53), 2 ** 53 + 2, -0, 0.5, 1e308, -1e308, 5e-324];

const nested = (depth: number, wrap: (inner: unknown) => unknown) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = wrap(value);
  return value;
};

/** An object whose own keys are the ones prototype pollution looks for. */
function withPrototypeKeys(base: Record<string, unknown>, key: '__proto__' | 'constructor' | 'prototype') {
  const value = key === 'constructor' ? { prototype: { polluted: true } } : { polluted: true };
  const copy = { ...base };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const HOSTILE_SHAPES: unknown[] = [
  null,
  true,
  [],
  {},
  [null],
  { toString: 'x' },
  withPrototypeKeys({}, '__proto__'),
  withPrototypeKeys({}, 'constructor'),
  withPrototypeKeys({}, 'prototype'),
  nested(2_000, (inner) => [inner]),
  nested(2_000, (inner) => ({ a: inner })),
];

/** One hostile value of any kind: text, number edge, wrong shape. */
const BROKEN_TEXT = HOSTILE_STRINGS.slice(0, 7);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...BROKEN_TEXT), weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_SHAPES), weight: 3 },
  { arbitrary: fc.constant(LONG_STRING), weight: 1 },
);

type Node = { path: Array<string | number>; kind: string };

function nodesOf(value: unknown, path: Array<string | number> = [], out: Node[] = []): Node[] {
  if (Array.isArray(value)) {
    out.push({ path, kind: 'array' });
    value.forEach((item, index) => nodesOf(item, [...path, index], out));
  } else if (value !== null && typeof value === 'object') {
    out.push({ path, kind: 'object' });
    for (const [key, item] of Object.entries(value)) nodesOf(item, [...path, key], out);
  } else {
    out.push({ path, kind: value === null ? 'null' : typeof value });
  }
  return out;
}

function replaceAt(value: unknown, path: Array<string | number>, replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/**
 * A valid-looking value with exactly one place made hostile: a string becomes NUL or a lone
 * surrogate, a number an int32 or 2^53 edge, anything else a wrong shape, or an object gains a
 * hostile key. One bad field among good ones is what reaches the database when a rule is missing.
 */
export function withOneHostilePlace(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom(...HOSTILE_NUMBERS), hostileValue, fc.boolean())
    .map(([value, pick, text, number, other, addKey]) => {
      const nodes = nodesOf(value);
      const node = nodes[pick % nodes.length]!;
      return replaceAt(value, node.path, (old) => {
        if (node.kind === 'string') return text;
        if (node.kind === 'number') return number;
        if (node.kind === 'object' && addKey) return { ...(old as object), [text]: 'x' };
        return other;
      });
    });
}

const SWEEP_TEXT = ['\u0000', 'Sonoma\u0000', '\ud800', '\udc00'];
const SWEEP_NUMBERS = [2_147_483_648, -2_147_483_649, 2 ** 53];

/**
 * `value` again and again, each time with one place broken: every string in turn becomes NUL or a
 * lone surrogate, every number an int4 or 2^53 edge, every object gains a NUL or lone-surrogate key.
 * Run first, so that no field of a route is left to chance.
 */
export function everyHostilePlace(value: unknown): unknown[] {
  const out: unknown[] = [];
  for (const node of nodesOf(value)) {
    if (node.kind === 'string') for (const text of SWEEP_TEXT) out.push(replaceAt(value, node.path, () => text));
    else if (node.kind === 'number') for (const number of SWEEP_NUMBERS) out.push(replaceAt(value, node.path, () => number));
    else if (node.kind === 'object') for (const key of ['\u0000', '\ud800']) out.push(replaceAt(value, node.path, (old) => ({ ...(old as object), [key]: 'x' })));
  }
  return out;
}

/** A whole body that is hostile as a body: a 1 MB text, prototype keys, deep nesting, a wrong type. */
export const hostileBody: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileValue, weight: 6 },
  { arbitrary: fc.constant({ big: ONE_MEGABYTE }), weight: 1 },
);

/** Path segments a route must refuse or not find; `\ud800` cannot be URL-encoded and is sent as its WTF-8 bytes. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.constantFrom(
  '\u0000',
  '\ud800',
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  '9b2f3c4e-1d2a-4b5c-8d6e-7f8091a2b3c4',
  '..',
  ' ',
  'x'.repeat(300),
  '2147483648',
  '__proto__',
);

export interface ArbitraryOptions {
  /** Realistic values by property name (a real wine id, a valid card number); mixed with generated ones when hostile. */
  hints: Record<string, fc.Arbitrary<unknown>>;
  /** 0: valid-looking values only; otherwise the weight of a hostile value against 10 for a generated one. */
  hostileWeight: number;
}

export const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
export const READ_KEYS = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'propertyNames', 'x-propertyNames', 'items', 'anyOf', 'oneOf', 'allOf',
  'enum', 'const', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'nullable',
  'default', 'description', '$schema', 'title', 'examples',
]);

/** A value for `schema` at `at` (for errors), named `name` when it is an object's property. */
export function arbitraryFor(schema: JsonSchema, options: ArbitraryOptions, at: string, name?: string): fc.Arbitrary<unknown> {
  const unknownKeys = Object.keys(schema).filter((key) => !READ_KEYS.has(key));
  if (unknownKeys.length > 0) throw new Error(`cannot fuzz ${at}: unknown schema keywords ${unknownKeys.join(', ')}`);
  const generated = generatedFor(schema, options, at, name);
  const hinted = name !== undefined ? options.hints[name] : undefined;
  // A valid-looking body takes the hint alone, to get past the field rules to the handler.
  const valid = !hinted ? generated : options.hostileWeight === 0 ? hinted : fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: generated, weight: 1 });
  const nullable = schema.nullable ? fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 }) : valid;
  if (options.hostileWeight === 0) return nullable;
  return fc.oneof({ arbitrary: nullable, weight: 10 }, { arbitrary: hostileValue, weight: options.hostileWeight });
}

function generatedFor(schema: JsonSchema, options: ArbitraryOptions, at: string, name?: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option, index) => arbitraryFor(option, options, `${at}<${index}>`, name)));
  const types = typesOf(schema);
  if (types.length === 0 && schema.allOf) {
    const parts = schema.allOf.map((part, index) => arbitraryFor(part, { ...options, hostileWeight: 0 }, `${at}<allOf${index}>`));
    return fc.tuple(...parts).map((values) => Object.assign({}, ...values.map((value) => (value && typeof value === 'object' ? value : {}))));
  }
  if (types.length !== 1) throw new Error(`cannot fuzz ${at}: type ${JSON.stringify(schema.type)}`);
  switch (types[0]) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 }), fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0));
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (!schema.items) throw new Error(`cannot fuzz ${at}: array without items`);
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryFor(schema.items, options, `${at}[]`), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object':
      return objectFor(schema, options, at);
    default:
      throw new Error(`cannot fuzz ${at}: type ${types[0]}`);
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time') {
    const now = Date.now();
    return fc.date({ min: new Date(now + 2 * 86_400_000), max: new Date(now + 120 * 86_400_000), noInvalidDate: true }).map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.stringMatching(/^[a-z]{1,12}$/).map((local) => `${local}@example.com`);
  const minLength = schema.minLength ?? 0;
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
}

function objectFor(schema: JsonSchema, options: ArbitraryOptions, at: string): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  let base: fc.Arbitrary<Record<string, unknown>>;
  if (properties.length > 0) {
    const model = Object.fromEntries(properties.map(([key, property]) => [key, arbitraryFor(property, options, `${at}.${key}`, key)]));
    base = fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
  } else if (extra && typeof extra === 'object') {
    const keys = (schema.propertyNames ?? schema['x-propertyNames'] ?? { type: 'string', maxLength: 20 }) as JsonSchema;
    base = fc.dictionary(stringFor(keys), arbitraryFor(extra, options, `${at}.*`), { maxKeys: 3 });
  } else {
    base = fc.constant({});
  }
  if (options.hostileWeight === 0) return base;
  // Now and then an own `__proto__`, `constructor` or `prototype` key rides along.
  return fc
    .tuple(base, fc.option(fc.constantFrom('__proto__', 'constructor', 'prototype') as fc.Arbitrary<'__proto__' | 'constructor' | 'prototype'>, { freq: 8 }))
    .map(([value, key]) => (key ? withPrototypeKeys(value, key) : value));
}
