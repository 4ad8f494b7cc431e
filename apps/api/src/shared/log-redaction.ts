import { TOKEN_PATHS } from './link-paths.js';

/**
 * What may reach a log line (issue 11): never a link token, a query's parameter values, a
 * password in a URL, or a body field holding a secret. One rule per kind of leak, used by the
 * logger's serializers (app.ts) for every log call, so no call site has to remember it.
 */

const REDACTED = '[redacted]';

/** Where a link's token follows in a path: /reset-password/{token}, /login-by-link/{token}, /unsubscribe/{token}, … */
const LINK_SEGMENTS = TOKEN_PATHS.map((path) => path.replace(/^\/|\/$/g, ''));
// The web router matches paths case-insensitively, and a slash may come percent-encoded, so
// both count. Everything after the prefix goes: the token, any further segments, the query.
const LINK_IN_TEXT = new RegExp(`((?:/|%2f)(?:${LINK_SEGMENTS.join('|')}))(?:/|%2f)[^\\s"'<>\`]*`, 'gi');
/** user:password@ in a URL (SMTP_URL, DATABASE_URL) in an error message. */
const URL_CREDENTIALS = /(\/\/)[^/@\s]+@/g;
const MESSAGE_LIMIT = 500;

function decodeIfPossible(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Any text: link tokens, URL credentials and a Drizzle "params:" list removed. */
export function redactText(text: string): string {
  const decoded = decodeIfPossible(text);
  // A token behind an encoded prefix (/reset%2Dpassword/…) shows only once decoded.
  const source = decoded !== text && decoded.search(LINK_IN_TEXT) >= 0 ? decoded : text;
  let clean = source.replace(LINK_IN_TEXT, `$1/${REDACTED}`).replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  const params = clean.search(/\bparams:/);
  if (params >= 0) clean = `${clean.slice(0, params)}params: ${REDACTED}`;
  return clean;
}

/** A request URL for the log: /reset-password/[redacted]. */
export const redactUrl = (url: string): string => redactText(url);

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * The request as every log line shows it (Fastify's default, with the URL redacted). Anything
 * else a log call puts under `req` passes through to the field redaction below.
 */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  if (typeof request?.url !== 'string') return request as unknown as Record<string, unknown>;
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export type SerializedError = {
  type: string;
  message: string;
  /** SQLSTATE for a database error, else a library's code (ECONNREFUSED, FST_ERR_…). */
  code?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  /** The failed statement's first words and table: `insert into "payment_cards"`. */
  query?: string;
  stack: string;
  cause?: SerializedError;
};

const IDENTIFIER = /^[\w$.-]{1,120}$/;
const CODE = /^[\w.-]{1,60}$/;
const SQLSTATE = /^[0-9A-Z]{5}$/;

type ErrorLike = Error & {
  code?: unknown;
  statusCode?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
};

/** `insert into "payment_cards"`, `update "mail_queue"`, `select "customers"`: never a value. */
export function summarizeQuery(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  const verb = /^(with|select|insert into|update|delete from|lock table|create|alter|drop)\b/i.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\b(?:from|into|update|table)\s+("[\w$. -]{1,120}"|[\w$.]{1,120})/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** Drizzle wraps the driver's error in one whose message lists every parameter. */
const isQueryError = (error: ErrorLike) => typeof error.query === 'string' && 'params' in error;
/** node-postgres and PGlite both give a severity and a five-character SQLSTATE. */
const isDatabaseError = (error: ErrorLike) => typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error;

/** Stack frames only: the first line repeats the message, which may hold values. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return redactText(stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n'));
}

/** In place of a database error's own words, which quote the values that failed. */
const DATABASE_MESSAGE = 'database error (its message is not logged: it may quote values)';

/**
 * Every logged error goes through here (the logger's `err` and `error` serializers): its kind
 * (class, code, constraint) and stack frames. A database error keeps no message at all, since
 * PostgreSQL's messages and details quote the values that failed; any other message is kept
 * with tokens and credentials removed.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: redactText(String(error)).slice(0, MESSAGE_LIMIT), stack: '' };
  }
  const candidate = error as ErrorLike;
  const fromDatabase = isQueryError(candidate) || isDatabaseError(candidate);
  const out: SerializedError = {
    type: error.constructor?.name || error.name || 'Error',
    message: fromDatabase ? DATABASE_MESSAGE : redactText(error.message).slice(0, MESSAGE_LIMIT),
    stack: framesOf(error.stack),
  };
  if (typeof candidate.code === 'string' && CODE.test(candidate.code)) out.code = candidate.code;
  if (typeof candidate.statusCode === 'number') out.statusCode = candidate.statusCode;
  for (const field of ['constraint', 'table', 'column'] as const) {
    const value = candidate[field];
    if (typeof value === 'string' && IDENTIFIER.test(value)) out[field] = value;
  }
  if (isQueryError(candidate)) out.query = summarizeQuery(candidate.query as string);
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * Body fields that hold secrets, hidden by pino's redaction wherever a log call puts a body.
 * Pino's wildcards match one level each, so they are covered at the top of a log object and up
 * to three levels down ({ body }, { req: { body } }, { input: { card: { … } } }).
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'cardNumber',
  'cvv',
  'cvv2',
  'token',
  'gatewayToken',
  'linkSecrets',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
];

export const REDACT_CENSOR = REDACTED;

/** The logger's serializers: the request line, and every error under `err` or `error`. */
export const LOG_SERIALIZERS = {
  req: serializeRequest,
  err: (error: unknown) => serializeError(error),
  error: (error: unknown) => serializeError(error),
};
