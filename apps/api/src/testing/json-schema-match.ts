import { READ_KEYS, typesOf } from './schema-arbitraries.js';
import type { JsonSchema } from './openapi-inputs.js';

/**
 * Where `value` does not match a documented response schema; empty when it does. Reads the same
 * keywords as the generator, and refuses any other rather than pass what it cannot check.
 */
export function schemaMismatches(value: unknown, schema: JsonSchema, at = 'body'): string[] {
  const unknownKeys = Object.keys(schema).filter((key) => !READ_KEYS.has(key));
  if (unknownKeys.length > 0) return [`${at}: cannot check keywords ${unknownKeys.join(', ')}`];
  if (value === null && schema.nullable) return [];
  if (schema.enum) return schema.enum.some((option) => option === value) ? [] : [`${at}: ${JSON.stringify(value)} not in enum`];
  if ('const' in schema) return value === schema.const ? [] : [`${at}: not ${JSON.stringify(schema.const)}`];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return alternatives.some((option) => schemaMismatches(value, option, at).length === 0) ? [] : [`${at}: matches none of the alternatives`];
  }
  const problems = (schema.allOf ?? []).flatMap((part) => schemaMismatches(value, part, at));
  const types = typesOf(schema);
  if (types.length === 0) return problems;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (!types.some((type) => type === kind || (type === 'number' && kind === 'integer'))) return [...problems, `${at}: ${kind}, expected ${types.join('|')}`];
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${at}: does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
  } else if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
  } else if (Array.isArray(value)) {
    if (schema.items) value.forEach((item, index) => problems.push(...schemaMismatches(item, schema.items!, `${at}[${index}]`)));
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) problems.push(`${at}.${key}: missing`);
    for (const [key, entry] of Object.entries(record)) {
      const property = schema.properties?.[key];
      if (property) problems.push(...schemaMismatches(entry, property, `${at}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${key}: not documented`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') problems.push(...schemaMismatches(entry, schema.additionalProperties, `${at}.${key}`));
    }
  }
  return problems;
}
