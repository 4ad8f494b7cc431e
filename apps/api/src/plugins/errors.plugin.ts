import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { issueValues, renderValidationMessage, validationMessages, type ApiErrorBody, type ApiErrorType, type FieldError } from '@winery/domain';
import { ApiError, isApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';

/**
 * Zod issues (as fastify-type-provider-zod reports them) → `{ field, message, code }`. The plugin
 * puts the issue, minus path, code and message, into `params`: length bounds and a custom rule's
 * own `params` (such as `{ age }`) fill the message's placeholders from there.
 * A form shows one message per field, so only a field's first issue is kept: zod reports checks
 * in order, and an empty field's "please enter…" comes before "not valid".
 */
function fieldErrors(error: { validation: Array<{ instancePath: string; message?: string; params: Record<string, unknown> }> }): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    if (byField.has(field)) continue;
    // A check of ours carries a message key; zod's own English (a body of the wrong type) does not.
    const code = issue.message && Object.hasOwn(validationMessages, issue.message) ? issue.message : 'invalidType';
    byField.set(field, { field, message: renderValidationMessage(code, issueValues(issue.params ?? {})), code });
  }
  return [...byField.values()];
}

/** Fastify's own 4xx errors (URL, body parsing, media type, size) in our words, never echoing the URL. */
function frameworkError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new ApiError('validationError', API_MESSAGES.badUrl);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return Object.assign(new ApiError('validationError', API_MESSAGES.urlTooLong), { statusCode: 414 });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('validationError', API_MESSAGES.malformedJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return Object.assign(new ApiError('validationError', API_MESSAGES.payloadTooLarge), { statusCode: 413 });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return Object.assign(new ApiError('validationError', API_MESSAGES.unsupportedMediaType), {
        statusCode: error.statusCode ?? 415,
      });
    default:
      break;
  }
  if (error.statusCode === 429) return new ApiError('rateLimited', API_MESSAGES.rateLimited);
  // JSON syntax errors surface as SyntaxError with status 400 from the body parser.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new ApiError('validationError', API_MESSAGES.malformedJson);
  }
  return undefined;
}

const TYPE_BY_STATUS: Record<number, ApiErrorType> = {
  400: 'validationError',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  429: 'rateLimited',
};

function send(reply: FastifyReply, statusCode: number, body: ApiErrorBody, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * The one place errors become responses: `{ statusCode, type, message, errors? }`. A 5xx never
 * carries internals; its kind and stack go to the log only (shared/log-redaction.ts). It also
 * answers what the router refuses before any route (Fastify's `frameworkErrors`: a bad URL
 * encoding, a path segment over `maxParamLength`).
 */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isApiError(error)) {
    return send(
      reply,
      error.statusCode,
      {
        statusCode: error.statusCode,
        type: error.type,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      },
      error.headers,
    );
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 400, {
      statusCode: 400,
      type: 'validationError',
      message: API_MESSAGES.validation,
      errors: fieldErrors(error),
    });
  }

  if (!isResponseSerializationError(error as never)) {
    const mapped = frameworkError(error);
    if (mapped) {
      return send(reply, mapped.statusCode, { statusCode: mapped.statusCode, type: mapped.type, message: mapped.message });
    }
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      const type = TYPE_BY_STATUS[status] ?? 'validationError';
      const message = type === 'notFound' ? API_MESSAGES.routeNotFound : type === 'rateLimited' ? API_MESSAGES.rateLimited : API_MESSAGES.validation;
      return send(reply, status, { statusCode: status, type, message });
    }
  }

  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 500, { statusCode: 500, type: 'other', message: API_MESSAGES.other });
}

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser cannot read (bad request line or
 * header, headers too large, too slow to arrive) is answered on the raw socket, in the same shape
 * as every other error. The error may carry the raw request bytes; only its kind is logged.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, type, message]: [number, ApiErrorType, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'other', API_MESSAGES.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'validationError', API_MESSAGES.headersTooLarge]
        : [400, 'validationError', API_MESSAGES.badRequest];
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ statusCode, type, message } satisfies ApiErrorBody);
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(replyWithError);

  app.setNotFoundHandler(
    // Rate-limited too, or unknown URLs become a free way to probe the server.
    { preHandler: app.rateLimit ? app.rateLimit() : undefined },
    (_request, reply) =>
      send(reply, 404, { statusCode: 404, type: 'notFound', message: API_MESSAGES.routeNotFound }),
  );
}

export default fp(errorsPlugin, { name: 'errors' });
