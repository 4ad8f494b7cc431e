import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailService } from './mail.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues e-mail (`enqueue`), sends what is due (`drain`), names the transport. */
    mail: MailService;
  }
}

/**
 * Exposes the mail service and ties its worker to the app's life: it starts sending when the
 * app is ready (the server migrates first) and stops, finishing the message in hand, on close.
 */
async function mailPlugin(app: FastifyInstance, options: { mail: MailService }) {
  app.decorate('mail', options.mail);
  app.addHook('onReady', async () => {
    options.mail.start();
  });
  app.addHook('onClose', async () => {
    await options.mail.stop();
  });
}

export default fp(mailPlugin, { name: 'mail' });
