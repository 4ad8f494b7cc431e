import { i18n } from './i18n';

/**
 * Schemas carry message keys of the `validation` namespace; the server may send either a key or
 * finished words. Keys are translated, anything else is shown as it came.
 */
export function translateValidation(message: string | undefined, values: Record<string, unknown> = {}): string | undefined {
  if (!message) return undefined;
  const key = `validation:${message}`;
  return i18n.exists(key) ? i18n.t(key, values) : message;
}
