/** The parts of a Sentry-style event this product looks at; everything else passes through. */
export interface ReportEvent {
  exception?: { values?: { type?: string; value?: string }[] };
  request?: { data?: unknown; query_string?: unknown; [key: string]: unknown };
  extra?: Record<string, unknown>;
  breadcrumbs?: unknown[] | { values?: unknown[] };
  contexts?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ReportHint {
  originalException?: unknown;
}

export const FILTERED = '[Filtered]';

/** Password fields (password, newPassword, confirmPassword…) and other secrets a request may carry. */
const SECRET_KEY = /pass(word)?|^authorization$|token|cvv|card.?number/i;
/** The same fields inside text: serialised JSON (`"password":"…"`) or a query/form string (`password=…`). */
const SECRET_IN_JSON = /("[^"]*(?:pass(?:word)?|token|cvv|card.?number)[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
const SECRET_IN_QUERY = /((?:^|[?&;])[^=&;]*(?:pass(?:word)?|token|cvv|card.?number)[^=&;]*=)[^&;#]*/gi;

function redactText(text: string): string {
  return text.replace(SECRET_IN_JSON, `$1"${FILTERED}"`).replace(SECRET_IN_QUERY, `$1${FILTERED}`);
}

/** Returns a copy with every secret field's value replaced, at any depth. */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 12) return value;
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_KEY.test(key) && inner !== null && inner !== undefined ? FILTERED : redactSecrets(inner, depth + 1),
      ]),
    ) as T;
  }
  return value;
}

const isTypeError = (event: ReportEvent, hint?: ReportHint): boolean =>
  hint?.originalException instanceof TypeError ||
  (hint?.originalException as { name?: unknown } | undefined)?.name === 'TypeError' ||
  Boolean(event.exception?.values?.some((exception) => exception.type === 'TypeError'));

/**
 * Seed §7/§8: TypeErrors are dropped (browser extensions, aborted fetches, flaky networks: noise
 * nobody can act on), and no password reaches the service, wherever it hides in the event.
 */
export function beforeSend<E extends ReportEvent>(event: E, hint?: ReportHint): E | null {
  if (isTypeError(event, hint)) return null;
  return {
    ...event,
    ...(event.request ? { request: redactSecrets(event.request) } : {}),
    ...(event.extra ? { extra: redactSecrets(event.extra) } : {}),
    ...(event.breadcrumbs ? { breadcrumbs: redactSecrets(event.breadcrumbs) } : {}),
    ...(event.contexts ? { contexts: redactSecrets(event.contexts) } : {}),
  };
}
