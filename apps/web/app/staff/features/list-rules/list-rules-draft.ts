/**
 * The Markdown the API will keep for what was typed: blank Markdown takes the rules down (stored
 * and answered as ''); anything else is kept exactly, surrounding spaces and all.
 */
export const storedMarkdownOf = (draft: string): string => (draft.trim() === '' ? '' : draft);

/**
 * Whether saving would change the rules members read. Blank lines typed into empty rules change
 * nothing, so Save stays off and nothing is written (nor audited).
 */
export const hasUnsavedRules = (saved: string, draft: string): boolean => storedMarkdownOf(draft) !== saved;
