import { renderValidationMessage, type Page } from '@winery/domain';
import { ApiError } from './api-error.js';

/** What a cursor carries: the sort key of the last row sent (strings and numbers, in sort order). */
export type CursorKey = readonly (string | number | null)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The sort key a client's cursor stands for, or a 400 on `cursor` when it was not one of ours
 * (or not of this list's shape: `arity` values, each a string, number or null).
 */
export function decodeCursor(cursor: string | undefined, arity: number): CursorKey | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const valid =
    Array.isArray(key) &&
    key.length === arity &&
    key.every((value) => value === null || typeof value === 'number' || (typeof value === 'string' && value.length <= 200));
  if (!valid) {
    const message = renderValidationMessage('invalidCursor');
    throw new ApiError('validationError', message, [{ field: 'cursor', code: 'invalidCursor', message }]);
  }
  return key as CursorKey;
}

/**
 * Turns `limit + 1` rows read after the cursor into a page: the extra row only says there is a
 * next page, whose cursor is the key of the last row kept.
 */
export function toPage<Row, Item>(rows: Row[], limit: number, keyOf: (row: Row) => CursorKey, view: (row: Row) => Item): Page<Item> {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(view),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
