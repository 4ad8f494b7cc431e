import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_MINIMUM_AGE } from '@winery/domain';
import type { Database } from './db/database.js';
import { createAddressesRepository } from './modules/addresses/addresses.repository.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { createAddressesService } from './modules/addresses/addresses.service.js';
import { createAllocationsRepository } from './modules/allocations/allocations.repository.js';
import { allocationsRoutes } from './modules/allocations/allocations.routes.js';
import { createAllocationsService } from './modules/allocations/allocations.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService, DEFAULT_LOGIN_LIMITS, type LoginLimits } from './modules/auth/auth.service.js';
import { createLoginThrottleRepository } from './modules/auth/login-throttle.repository.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import type { SigningKeys } from './modules/auth/signing-keys.js';
import { createTokenService } from './modules/auth/token.service.js';
import { createCardsRepository } from './modules/cards/cards.repository.js';
import { cardsRoutes } from './modules/cards/cards.routes.js';
import { createCardsService, DEFAULT_CARD_ATTEMPT_LIMIT, type CardAttemptLimit } from './modules/cards/cards.service.js';
import { createCustomersRepository } from './modules/customers/customers.repository.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { createCustomersService } from './modules/customers/customers.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createOrdersRepository } from './modules/orders/orders.repository.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createPaymentGateway, type PaymentGateway } from './modules/payments/payment-gateway.js';
import authPlugin from './plugins/auth.plugin.js';
import errorsPlugin from './plugins/errors.plugin.js';
import openApiPlugin from './plugins/openapi.plugin.js';
import rateLimitPlugin, { DEFAULT_GLOBAL_RATE_LIMIT, type GlobalRateLimitOptions } from './plugins/rate-limit.plugin.js';
import securityPlugin from './plugins/security.plugin.js';
import { buildSiteConfig, siteConfigRoutes, thirdPartyOrigins, type SiteConfigSettings } from './plugins/site-config.plugin.js';
import staticWebPlugin from './plugins/static-web.plugin.js';
import tenantPlugin from './plugins/tenant.plugin.js';

export interface BuildAppOptions {
  db: Database;
  signingKeys: SigningKeys;
  /** The built web app; skipped when null or when the folder does not exist (API only). */
  webRoot?: string | null;
  /** Pino log level; 'silent' turns logging off (tests). */
  logLevel?: string;
  /** Where log lines go (default stdout); tests capture them here. */
  logStream?: NodeJS.WritableStream;
  /** Failed sign-in limits; tests set small numbers. */
  loginLimits?: Partial<LoginLimits>;
  globalRateLimit?: Partial<GlobalRateLimitOptions>;
  /** The clock, replaceable in tests. */
  now?: () => Date;
  /** Trust X-Forwarded-For from a reverse proxy (the client IP then comes from it). */
  trustProxy?: boolean;
  /** The browser's analytics and error-reporting settings, served at /site-config.json. */
  siteConfig?: SiteConfigSettings;
  /** MINIMUM_AGE (default 21): checked on the profile and served to the browser in /site-config.json. */
  minimumAge?: number;
  /** Where cards are saved and payments taken (PAYMENT_GATEWAY); default the built-in test gateway. */
  paymentGateway?: PaymentGateway;
  /** Tries to add a card per member and window; tests set small numbers. */
  cardAttemptLimit?: Partial<CardAttemptLimit>;
}

const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'confirmPassword', 'cardNumber', 'cvv', 'cvv2'];
/**
 * Secrets and card data never reach the log, whatever a future serializer or log call prints.
 * Pino's wildcards match one level each, so the secret fields are covered at the top of a log
 * object and up to three levels down ({ body }, { req: { body } }, { input: { card: { … } } }).
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
];

/** Builds the whole API (and the web app's static serving) without listening. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const logger: FastifyServerOptions['logger'] =
    options.logLevel === 'silent'
      ? false
      : {
          level: options.logLevel ?? 'info',
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          ...(options.logStream ? { stream: options.logStream } : {}),
        };

  const app = Fastify({
    logger,
    trustProxy: options.trustProxy ?? false,
    // Body size well above any form; larger bodies are refused before parsing.
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The web app sends Content-Type JSON on every call, including bodiless ones like logout.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  // JSON only: any other body type is refused with 415 rather than half-parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  const { db } = options;
  const customersRepository = createCustomersRepository(db);
  const auth = createAuthService({
    customers: customersRepository,
    sessions: createSessionsRepository(db),
    throttle: createLoginThrottleRepository(db),
    tokens: createTokenService(options.signingKeys),
    limits: {
      perIp: { ...DEFAULT_LOGIN_LIMITS.perIp, ...options.loginLimits?.perIp },
      perAccount: { ...DEFAULT_LOGIN_LIMITS.perAccount, ...options.loginLimits?.perAccount },
    },
    now,
  });
  const customers = createCustomersService(customersRepository, now);
  const allocations = createAllocationsService(createAllocationsRepository(db), now);
  const addresses = createAddressesService(createAddressesRepository(db), now);
  const cards = createCardsService({
    repository: createCardsRepository(db),
    gateway: options.paymentGateway ?? createPaymentGateway('test'),
    attempts: createLoginThrottleRepository(db),
    attemptLimit: { ...DEFAULT_CARD_ATTEMPT_LIMIT, ...options.cardAttemptLimit },
    log: app.log,
    now,
  });
  const orders = createOrdersService(createOrdersRepository(db));
  const minimumAge = options.minimumAge ?? options.siteConfig?.minimumAge ?? DEFAULT_MINIMUM_AGE;

  await app.register(rateLimitPlugin, { ...DEFAULT_GLOBAL_RATE_LIMIT, ...options.globalRateLimit });
  await app.register(errorsPlugin);
  const siteConfig = buildSiteConfig({ ...options.siteConfig, minimumAge });
  const origins = thirdPartyOrigins(siteConfig);
  await app.register(securityPlugin, { extraScriptSrc: origins.script, extraConnectSrc: origins.connect });
  await app.register(openApiPlugin);
  await app.register(tenantPlugin, { db });
  await app.register(authPlugin, { auth });

  await app.register(siteConfigRoutes, { config: siteConfig });

  await app.register(
    async (v1) => {
      await v1.register(healthRoutes, { db });
      await v1.register(authRoutes, { auth });
      await v1.register(customersRoutes, { customers, minimumAge, now });
      await v1.register(allocationsRoutes, { allocations });
      await v1.register(addressesRoutes, { addresses });
      await v1.register(cardsRoutes, { cards, now });
      await v1.register(ordersRoutes, { orders });
    },
    { prefix: '/v1' },
  );

  if (options.webRoot && existsSync(options.webRoot)) {
    await app.register(staticWebPlugin, { webRoot: options.webRoot });
  }

  return app;
}
