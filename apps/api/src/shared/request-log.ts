import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, when it is answered: 'request completed' with the request (its
 * redacted URL, shared/log-redaction.ts), the status and the time it took; 'request errored' when
 * the answer could not be sent. Fastify's default writes a second line as each request arrives:
 * on release day that doubled the log's cost (a synchronous write each, ADR 026) for nothing a
 * completed line does not say.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by the line written when the request is answered.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
