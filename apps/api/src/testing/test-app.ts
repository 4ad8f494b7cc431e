import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import type { Database } from '../db/database.js';
import { generateSigningKeys, type SigningKeys } from '../modules/auth/signing-keys.js';
import { createTestGateway, type TestGateway } from '../modules/payments/test-gateway.js';
import { transportFromOptions } from '../modules/mail/mail.options.js';
import { createFactories, TEST_TENANT } from './factories.js';
import { recordDeliveries } from './mail-recorder.js';
import { openTestDatabase } from './test-database.js';
import { createSignIns } from './test-sign-in.js';

export { TEST_PASSWORD, TEST_TENANT } from './factories.js';

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'db' | 'signingKeys' | 'paymentGateway'>> {
  paymentGateway?: TestGateway;
  /** Runs after the app is built and before it is ready: add test-only routes here. */
  beforeReady?: (app: FastifyInstance, db: Database) => void | Promise<void>;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * One app and one migrated, empty database per test FILE (on PGlite, the worker's one, emptied
 * between files), with factories that take overrides. Creates tenant `acme`; pass `tenantId` to
 * factories for others.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const db: Database = database.db;
  const signingKeys: SigningKeys = generateSigningKeys();
  const { beforeReady, paymentGateway = createTestGateway(), ...appOptions } = options;
  // The app's own transport, recorded: tests read what members received (deliveredMail).
  const mailbox = recordDeliveries(transportFromOptions(appOptions.mail ?? {}));
  const app = await buildApp({
    logLevel: 'silent',
    webRoot: null,
    // Test files start apps side by side on a shared machine: on a CI run 2.5 times slower than
    // usual, the web root's plugin (which reads every page once) took over Fastify's 10 s.
    pluginTimeout: 60_000,
    ...appOptions,
    mail: { ...appOptions.mail, transport: mailbox.transport },
    paymentGateway,
    db,
    signingKeys,
  });
  if (beforeReady) await beforeReady(app, db);
  await app.ready();

  const factories = createFactories(db);
  await factories.createTenant(TEST_TENANT, 'Acme Vineyards');
  const { signIn, signInStaff } = createSignIns(app);

  /**
   * Sends what is due, then returns every message delivered so far (oldest first), to one
   * address and of one kind when asked: the mail as members got it, links included.
   */
  const deliveredMail = async (filter: { to?: string; kind?: string } = {}) => {
    await app.mail.drain();
    const to = filter.to?.toLowerCase();
    return mailbox.delivered.filter((mail) => (!to || mail.to.toLowerCase() === to) && (!filter.kind || mail.kind === filter.kind));
  };

  return {
    app,
    db,
    signingKeys,
    deliveredMail,
    tenantId: TEST_TENANT,
    ...factories,
    gateway: paymentGateway,
    signIn,
    signInStaff,
    newId: () => randomUUID(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
