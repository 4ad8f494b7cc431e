import { z } from 'zod';
import { integerInput, textInput } from './primitives.js';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
const CURSOR_MAX_LENGTH = 512;

/**
 * The query of every staff list: `?limit=50&cursor=…`. The cursor is opaque to clients (the
 * previous page's `nextCursor`); the API reads it as the sort key of the last row it sent, so a
 * row inserted meanwhile never shifts a page (keyset pagination, not OFFSET).
 */
export const PageQuerySchema = z.object({
  limit: integerInput({ min: 1, max: PAGE_SIZE_MAX, coerce: true }).default(PAGE_SIZE_DEFAULT),
  cursor: textInput({ error: 'invalidCursor' }).max(CURSOR_MAX_LENGTH, { error: 'invalidCursor' }).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** One page of a list: its rows, and the cursor of the next page (null on the last one). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
  });
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
