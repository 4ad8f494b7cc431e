import type { FastifyInstance } from 'fastify';
import { INT4_MAX, INT4_MIN, MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from '@winery/domain';

/**
 * The API's inputs as its own OpenAPI document describes them, for tests that must cover every
 * route the day it is added (the input-rule guard, the fuzzer). The document is built from the
 * routes' zod schemas, so what it says is what the routes check.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
  [key: string]: unknown;
};

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI form: /v1/{tenant}/customer/{customerId}/… */
  path: string;
  parameters: OperationParameter[];
  body?: JsonSchema;
  bodyRequired: boolean;
  /** Response schemas by status code ('200', '201', …). */
  responses: Record<string, JsonSchema | undefined>;
  security: string[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
const METHODS = ['get', 'head', ...WRITE_METHODS] as const;

export async function readOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

/** Every operation of the document, with $refs to components resolved. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const body = (op.requestBody as { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | undefined) ?? undefined;
      const responses: Record<string, JsonSchema | undefined> = {};
      for (const [status, answer] of Object.entries((op.responses as Record<string, { content?: Record<string, { schema?: JsonSchema }> }>) ?? {})) {
        responses[status] = answer.content?.['application/json']?.schema;
      }
      operations.push({
        method,
        path,
        parameters: ((op.parameters as OperationParameter[] | undefined) ?? []).map((parameter) => ({ ...parameter })),
        body: body?.content?.['application/json']?.schema,
        bodyRequired: body?.required ?? false,
        responses,
        security: ((op.security as Array<Record<string, string[]>> | undefined) ?? []).flatMap((entry) => Object.keys(entry)),
      });
    }
  }
  return operations.map((op) => resolveRefs(op, document));
}

function resolveRefs<T>(value: T, document: OpenApiDocument, depth = 0): T {
  if (depth > 50 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => resolveRefs(entry, document, depth + 1)) as T;
  const ref = (value as JsonSchema).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${ref}`);
    return resolveRefs(target as T, document, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, resolveRefs(entry, document, depth + 1)])) as T;
}

/** The `{name}`s of an OpenAPI path. */
export const pathParameterNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** zod's own string formats whose patterns admit ASCII letters, digits and punctuation only. */
const STRICT_FORMATS = new Set(['uuid', 'date-time', 'email']);
const TEXT_RULES = new Set([SINGLE_LINE_TEXT.source, MULTI_LINE_TEXT.source]);
const INT8_SAFE = Number.MAX_SAFE_INTEGER;

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/**
 * Where an input schema lets through a string or a number that has not gone through the domain's
 * `textInput` / `integerInput` (or is a format or enum that cannot carry anything else): each entry
 * names the place (`body.lines[].quantity`) and what is wrong. Empty when every leaf is ruled.
 */
export function inputRuleProblems(schema: JsonSchema | undefined, at: string): string[] {
  const problems: string[] = [];
  walk(schema, at, problems);
  return problems;
}

function walk(schema: JsonSchema | boolean | undefined, at: string, problems: string[]): void {
  if (schema === undefined || schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) {
    problems.push(`${at}: accepts any value`);
    return;
  }
  if (schema === false) return;
  if (schema.enum !== undefined || 'const' in schema) return;
  for (const key of ['anyOf', 'oneOf'] as const) schema[key]?.forEach((option, index) => walk(option, `${at}<${key}${index}>`, problems));
  const types = typesOf(schema);
  // allOf under a typed schema only adds constraints (zod puts a second pattern there); on its own
  // it is an intersection of whole schemas.
  if (types.length === 0) schema.allOf?.forEach((part, index) => walk(part, `${at}<allOf${index}>`, problems));
  if (types.length === 0 && !schema.anyOf && !schema.oneOf && !schema.allOf) problems.push(`${at}: has no type`);

  for (const type of types) {
    if (type === 'string') checkString(schema, at, problems);
    else if (type === 'integer' || type === 'number') checkNumber(schema, type, at, problems);
    else if (type === 'array') {
      if (schema.items === undefined && schema.prefixItems === undefined) problems.push(`${at}: array of anything`);
      if (schema.items !== undefined) walk(schema.items, `${at}[]`, problems);
      schema.prefixItems?.forEach((item, index) => walk(item, `${at}[${index}]`, problems));
    } else if (type === 'object') {
      for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, `${at}.${name}`, problems);
      // Left out: zod strips unknown keys. Given: a record or a catch-all, whose values and keys count.
      // OpenAPI 3.0 has no propertyNames: the domain's records write their key rule as an extension.
      const keys = schema.propertyNames ?? (schema['x-propertyNames'] as JsonSchema | undefined);
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
        walk(schema.additionalProperties, `${at}.*`, problems);
        if (!keys && !schema.properties) problems.push(`${at}: keys are not checked`);
      }
      if (keys) walk({ type: 'string', ...keys }, `${at}{key}`, problems);
    } else if (type !== 'boolean' && type !== 'null') problems.push(`${at}: unexpected type ${type}`);
  }
}

function checkString(schema: JsonSchema, at: string, problems: string[]) {
  if (schema.format && STRICT_FORMATS.has(schema.format)) return;
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter(Boolean);
  if (!patterns.some((pattern) => TEXT_RULES.has(pattern!))) problems.push(`${at}: string without the text rule`);
}

function checkNumber(schema: JsonSchema, type: string, at: string, problems: string[]) {
  const { minimum, maximum } = schema;
  if (typeof minimum !== 'number' || typeof maximum !== 'number') {
    problems.push(`${at}: ${type} without both bounds`);
    return;
  }
  const int8 = schema.format === 'int64';
  const [low, high] = type === 'number' || int8 ? [-INT8_SAFE, INT8_SAFE] : [INT4_MIN, INT4_MAX];
  if (minimum < low || maximum > high) problems.push(`${at}: ${type} bounds [${minimum}, ${maximum}] exceed ${int8 || type === 'number' ? '±(2^53 − 1)' : 'int4'}`);
}

/** Every problem of every operation's inputs: path, query and header parameters, and the body. */
export function documentInputProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const op of operationsOf(document)) {
    const where = `${op.method.toUpperCase()} ${op.path}`;
    const documented = new Set(op.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name));
    for (const name of pathParameterNames(op.path)) {
      if (!documented.has(name)) problems.push(`${where} path.${name}: no schema`);
    }
    for (const parameter of op.parameters) problems.push(...inputRuleProblems(parameter.schema, `${where} ${parameter.in}.${parameter.name}`));
    if (op.body !== undefined) problems.push(...inputRuleProblems(op.body, `${where} body`));
  }
  return problems;
}
