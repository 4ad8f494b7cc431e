/**
 * What a number field holds as the API takes it: a whole number when the text is one, else the
 * text itself, so the API's own check names the field and says what is wrong (the form keeps
 * what was typed either way).
 */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export const textOf = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));
