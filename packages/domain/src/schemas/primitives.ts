import { z } from 'zod';
import type { ValidationMessageKey } from '../messages/validation.js';

/**
 * The two rules every piece of input goes through, whatever the form or route: one for text, one
 * for whole numbers. They exist because PostgreSQL refuses what JSON happily carries (a NUL in a
 * text column, a lone surrogate in jsonb, 2^31 in an int4 column) and answers with an error the API
 * would turn into a 500. Refusing it here gives the client a field error instead, the same on the
 * form and on the server, and the OpenAPI document shows the rule (a `pattern`, int4 bounds).
 * apps/api's `input-rules.test.ts` fails when a route's input has a string or number that does not
 * go through them.
 */

/** PostgreSQL `integer` (int4). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * One line of text: no C0 control character (U+0000–U+001F: NUL, tab, line breaks…) and no half of
 * a surrogate pair. With the `u` flag a well-formed pair is one code point, so emoji pass.
 */
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\p{Cs}]*$/u; // eslint-disable-line no-control-regex -- matching them is the point
/** Text of several lines (a letter's paragraph, a CSV file): the same, but tab, LF and CR are allowed. */
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\p{Cs}]*$/u; // eslint-disable-line no-control-regex

/** The message key of a text that breaks the rule. */
export const TEXT_NOT_ALLOWED = 'charactersNotAllowed' satisfies ValidationMessageKey;

export interface TextInputOptions {
  /** Message key for a missing value or a non-string, and for later checks given no key of their own. */
  error?: string;
  /** Allow tab and line breaks (default: one line). */
  multiline?: boolean;
  /** Drop surrounding white space before any check (default). Secrets are taken as typed. */
  trim?: boolean;
}

/**
 * A string that PostgreSQL can store and a person could have typed. Chain the field's own checks
 * after it (`.min`, `.max`, `.refine`): the character rule runs first, so its message is the one a
 * form shows.
 */
export function textInput({ error = 'invalidType', multiline = false, trim = true }: TextInputOptions = {}) {
  const base = z.string({ error });
  return (trim ? base.trim() : base).regex(multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, { error: TEXT_NOT_ALLOWED });
}

/** Largest whole number a JSON number carries exactly; the bound of an explicit int8 input. */
const INT8_SAFE = Number.MAX_SAFE_INTEGER;

export interface IntegerInputOptions {
  /** Inclusive bounds; they default to, and may never go past, the column's range. */
  min?: number;
  max?: number;
  /** Message key for every way the value can be wrong (not a number, a fraction, out of range). */
  error?: string;
  /** A query-string value: the text "12" is read as 12. */
  coerce?: boolean;
  /**
   * The column this number is stored in. `int8` (bigint) has to be asked for, and is marked
   * `format: int64` in the OpenAPI document; it is still capped at ±(2^53 − 1), what JSON carries exactly.
   */
  column?: 'int4' | 'int8';
}

function integerBounds({ min, max, column = 'int4' }: IntegerInputOptions): [number, number] {
  const [low, high] = column === 'int8' ? [-INT8_SAFE, INT8_SAFE] : [INT4_MIN, INT4_MAX];
  const bounds: [number, number] = [min ?? low, max ?? high];
  if (!Number.isSafeInteger(bounds[0]) || !Number.isSafeInteger(bounds[1]) || bounds[0] < low || bounds[1] > high || bounds[0] > bounds[1]) {
    throw new RangeError(`integerInput: [${bounds[0]}, ${bounds[1]}] does not fit an ${column} column`);
  }
  return bounds;
}

/** A whole number within its column's range (int4 unless `column: 'int8'` says otherwise). */
export function integerInput(options?: IntegerInputOptions & { coerce?: false }): z.ZodNumber;
export function integerInput(options: IntegerInputOptions & { coerce: true }): z.ZodCoercedNumber<unknown>;
export function integerInput(options: IntegerInputOptions = {}): z.ZodNumber | z.ZodCoercedNumber<unknown> {
  const { error = 'invalidType', coerce = false, column = 'int4' } = options;
  const [min, max] = integerBounds(options);
  const base = coerce ? z.coerce.number({ error }) : z.number({ error });
  const schema = base.int({ error }).min(min, { error }).max(max, { error });
  return column === 'int8' ? schema.meta({ format: 'int64' }) : schema;
}

const JSON_KEY_MAX_LENGTH = 100;
const JSON_TEXT_MAX_LENGTH = 2_000;
const JSON_ITEMS_MAX = 100;

const jsonScalar = z.union([
  textInput({ trim: false, multiline: true }).max(JSON_TEXT_MAX_LENGTH, { error: 'tooLong' }),
  z.number({ error: 'invalidType' }).min(-INT8_SAFE, { error: 'invalidType' }).max(INT8_SAFE, { error: 'invalidType' }),
  z.boolean(),
  z.null(),
]);

/** A key of a free-form JSON object: text on one line, as typed. */
export const JsonKeySchema = textInput({ trim: false }).min(1, { error: 'required' }).max(JSON_KEY_MAX_LENGTH, { error: 'tooLong' });

/**
 * An object of free-form keys. OpenAPI 3.0 has no `propertyNames`, so the key rule is written into
 * the document as an extension, where readers (and the API's input guard) find it.
 */
export const jsonRecordInput = <T extends z.ZodType>(value: T) =>
  z.record(JsonKeySchema, value, { error: 'invalidType' }).meta({
    'x-propertyNames': { type: 'string', minLength: 1, maxLength: JSON_KEY_MAX_LENGTH, pattern: SINGLE_LINE_TEXT.source },
  });

type JsonInput = z.ZodType<unknown>;

/**
 * Free-form JSON kept in a jsonb column (an allocation's extra metaData): the same text rule for
 * keys and strings, and a fixed depth, so neither PostgreSQL nor JSON.stringify meets a value it
 * cannot handle.
 */
export function jsonValueInput(depth = 2): JsonInput {
  if (depth <= 0) return jsonScalar;
  const inner = jsonValueInput(depth - 1);
  return z.union([jsonScalar, z.array(inner).max(JSON_ITEMS_MAX, { error: 'tooLong' }), jsonRecordInput(inner)]);
}
