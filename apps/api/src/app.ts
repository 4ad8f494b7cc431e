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
import { authRoutes, passwordChangeRoutes } from './modules/auth/auth.routes.js';
import { createMemberSessions, createMemberSignIn } from './modules/auth/member-sign-in.js';
import { createPasswordChangeService } from './modules/auth/password-change.service.js';
import { resolveLoginLimits, type LoginLimitOverrides } from './modules/auth/sign-in-limits.js';
import { createBottlesRepository } from './modules/bottles/bottles.repository.js';
import { bottlesRoutes } from './modules/bottles/bottles.routes.js';
import { createBottlesService, resolveBottleCheckLimits, type BottleCheckLimitOverrides } from './modules/bottles/bottles.service.js';
import { staffBottlesRoutes } from './modules/bottles/staff-bottles.routes.js';
import type { SigningKeys } from './modules/auth/signing-keys.js';
import { createCartRepository } from './modules/cart/cart.repository.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { createCartService } from './modules/cart/cart.service.js';
import { createPricingRepository } from './modules/cart/pricing.repository.js';
import { createPricingService } from './modules/cart/pricing.service.js';
import { createCardsRepository } from './modules/cards/cards.repository.js';
import { cardsRoutes } from './modules/cards/cards.routes.js';
import { createCardsService, DEFAULT_CARD_ATTEMPT_LIMIT, type CardAttemptLimit } from './modules/cards/cards.service.js';
import { createCustomersRepository } from './modules/customers/customers.repository.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { createCustomersService } from './modules/customers/customers.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createJoiningRepository } from './modules/joining/joining.repository.js';
import { joiningRoutes } from './modules/joining/joining.routes.js';
import { createJoiningService } from './modules/joining/joining.service.js';
import { staffJoiningRoutes } from './modules/joining/staff-joining.routes.js';
import { createLinksRepository } from './modules/links/links.repository.js';
import { linksRoutes } from './modules/links/links.routes.js';
import { createLinksService } from './modules/links/links.service.js';
import { createRequestLimiter, resolveRequestLimits, type RequestLimitOverrides } from './modules/links/request-limits.js';
import { staffLinksRoutes } from './modules/links/staff-links.routes.js';
import { DEFAULT_UNIFORM_ANSWER_MS } from './modules/links/uniform-answer.js';
import mailPlugin from './modules/mail/mail.plugin.js';
import { createMailFromOptions, type MailOptions } from './modules/mail/mail.options.js';
import { createOfferingsRepository } from './modules/offerings/offerings.repository.js';
import { offeringsRoutes } from './modules/offerings/offerings.routes.js';
import { createOfferingsService } from './modules/offerings/offerings.service.js';
import { createStaffOfferingsRepository } from './modules/offerings/staff-offerings.repository.js';
import { staffOfferingsRoutes } from './modules/offerings/staff-offerings.routes.js';
import { createStaffOfferingsService } from './modules/offerings/staff-offerings.service.js';
import { createOrdersRepository } from './modules/orders/orders.repository.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createPasswordsRepository } from './modules/passwords/passwords.repository.js';
import { passwordsRoutes } from './modules/passwords/passwords.routes.js';
import { createPasswordsService } from './modules/passwords/passwords.service.js';
import { createPaymentGateway } from './modules/payments/gateways.js';
import type { PaymentGateway } from './modules/payments/payment-gateway.js';
import { createCatalogueRepository } from './modules/staff/catalogue.repository.js';
import { catalogueRoutes } from './modules/staff/catalogue.routes.js';
import { createCatalogueService } from './modules/staff/catalogue.service.js';
import { createRatesRepository } from './modules/staff/rates.repository.js';
import { ratesRoutes } from './modules/staff/rates.routes.js';
import { createRatesService } from './modules/staff/rates.service.js';
import { createStaffSignIn } from './modules/staff/staff-sign-in.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import authPlugin from './plugins/auth.plugin.js';
import devOutboxPlugin, { devOutboxEnabled } from './plugins/dev-outbox.plugin.js';
import errorsPlugin, { answerClientError, replyWithError } from './plugins/errors.plugin.js';
import openApiPlugin from './plugins/openapi.plugin.js';
import { createAttemptCounter } from './shared/attempt-counter.js';
import { LOG_SERIALIZERS, REDACT_CENSOR, REDACT_PATHS } from './shared/log-redaction.js';
import rateLimitPlugin, { DEFAULT_GLOBAL_RATE_LIMIT, type GlobalRateLimitOptions } from './plugins/rate-limit.plugin.js';
import securityPlugin from './plugins/security.plugin.js';
import { buildSiteConfig, siteConfigRoutes, thirdPartyOrigins, type SiteConfigSettings } from './plugins/site-config.plugin.js';
import memberScopePlugin from './plugins/member-scope.plugin.js';
import staffGuardPlugin from './plugins/staff-guard.plugin.js';
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
  /** Password sign-in limits (per IP, per account and IP, the owner's alert); tests set small numbers. */
  loginLimits?: LoginLimitOverrides;
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
  /** Mail: SMTP or the outbox, the links' origin, the worker's pace (modules/mail/mail.options.ts). */
  mail?: MailOptions;
  /**
   * Sign-in link, password reset and join requests per IP and per e-mail, bad links per IP, the
   * resend pause (modules/links/request-limits.ts); tests set small numbers.
   */
  requestLimits?: RequestLimitOverrides;
  /** Sign-in link and reset requests answer no sooner than this (ms), member or not (default 250; tests 0). */
  uniformAnswerMs?: number;
  /** Bottle checks per IP (default 10 a minute, 100 a day; modules/bottles); tests set small numbers. */
  bottleCheckLimits?: BottleCheckLimitOverrides;
}

/** Builds the whole API (and the web app's static serving) without listening. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const logger: FastifyServerOptions['logger'] =
    options.logLevel === 'silent'
      ? false
      : {
          level: options.logLevel ?? 'info',
          redact: { paths: REDACT_PATHS, censor: REDACT_CENSOR },
          // No link token, query parameter or secret body field in any line (shared/log-redaction.ts).
          serializers: LOG_SERIALIZERS,
          ...(options.logStream ? { stream: options.logStream } : {}),
        };

  const app = Fastify({
    logger,
    trustProxy: options.trustProxy ?? false,
    // Body size well above any form; larger bodies are refused before parsing.
    bodyLimit: 256 * 1024,
    // Errors the router and the HTTP parser answer before any route: the same shape as the rest,
    // without echoing the URL (errors.plugin.ts).
    frameworkErrors: replyWithError,
    clientErrorHandler: answerClientError,
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
  // Services that send e-mail take `mail` and call mail.enqueue(…, tx) inside their transaction.
  // Link tokens in queued mail are sealed under a key derived from the token-signing key.
  const { mail, production } = createMailFromOptions(options.mail ?? {}, {
    db,
    now,
    log: app.log,
    linkKey: options.signingKeys.privateKey,
  });
  const customersRepository = createCustomersRepository(db);
  // Every limit kept in the database counts through this one counter (ADR 012).
  const counter = createAttemptCounter(db);
  const loginLimits = resolveLoginLimits(options.loginLimits);
  const signInDeps = { db, signingKeys: options.signingKeys, counter, mail, limits: loginLimits, now };
  const memberSignIn = createMemberSignIn(signInDeps);
  const passwordChange = createPasswordChangeService({ customers: customersRepository, counter, limits: loginLimits, now });
  const customers = createCustomersService(customersRepository, now);
  const allocations = createAllocationsService(createAllocationsRepository(db), now);
  const addresses = createAddressesService(createAddressesRepository(db), now);
  const paymentGateway = options.paymentGateway ?? createPaymentGateway('test');
  const cardAttemptLimit = { ...DEFAULT_CARD_ATTEMPT_LIMIT, ...options.cardAttemptLimit };
  const cards = createCardsService({
    repository: createCardsRepository(db),
    gateway: paymentGateway,
    attempts: counter,
    attemptLimit: cardAttemptLimit,
    log: app.log,
    now,
  });
  const pricing = createPricingService(createPricingRepository(db));
  const cart = createCartService({ repository: createCartRepository(db), pricing, now });
  const orders = createOrdersService({
    repository: createOrdersRepository(db),
    pricing,
    gateway: paymentGateway,
    attempts: counter,
    attemptLimit: cardAttemptLimit,
    log: app.log,
    now,
  });
  const minimumAge = options.minimumAge ?? options.siteConfig?.minimumAge ?? DEFAULT_MINIMUM_AGE;
  // Staff sign in under the same limits as members (per IP, per account and IP, the alert).
  const staffSignIn = createStaffSignIn(signInDeps);
  const offerings = createOfferingsService(createOfferingsRepository(db), now);
  const staffOfferings = createStaffOfferingsService(createStaffOfferingsRepository(db), now);
  const catalogue = createCatalogueService(createCatalogueRepository(db));
  const rates = createRatesService(createRatesRepository(db));
  // E-mailed links, passwords and joining share one limiter (counters in the database) and
  // sign members in with the same sessions and tokens as the password sign-in.
  const requestLimiter = createRequestLimiter(counter, resolveRequestLimits(options.requestLimits));
  const memberSessions = createMemberSessions(signInDeps);
  const uniformAnswerMs = options.uniformAnswerMs ?? DEFAULT_UNIFORM_ANSWER_MS;
  const links = createLinksService({
    repository: createLinksRepository(db),
    customers: customersRepository,
    mail,
    sessions: memberSessions,
    limiter: requestLimiter,
    uniformAnswerMs,
    now,
  });
  const passwords = createPasswordsService({
    repository: createPasswordsRepository(db),
    customers: customersRepository,
    mail,
    sessions: memberSessions,
    limiter: requestLimiter,
    uniformAnswerMs,
    now,
  });
  const joining = createJoiningService({ repository: createJoiningRepository(db), mail, limiter: requestLimiter, now });
  const bottles = createBottlesService({
    repository: createBottlesRepository(db),
    counter,
    limits: resolveBottleCheckLimits(options.bottleCheckLimits),
    trustProxy: options.trustProxy ?? false,
    now,
  });

  await app.register(rateLimitPlugin, { ...DEFAULT_GLOBAL_RATE_LIMIT, ...options.globalRateLimit });
  await app.register(errorsPlugin);
  const siteConfig = buildSiteConfig({ ...options.siteConfig, minimumAge });
  const origins = thirdPartyOrigins(siteConfig);
  await app.register(securityPlugin, { extraScriptSrc: origins.script, extraConnectSrc: origins.connect });
  await app.register(openApiPlugin);
  await app.register(tenantPlugin, { db });
  await app.register(authPlugin, { audience: 'member', authenticator: memberSignIn });
  await app.register(authPlugin, { audience: 'staff', authenticator: staffSignIn });
  await app.register(staffGuardPlugin);
  await app.register(mailPlugin, { mail });

  await app.register(siteConfigRoutes, { config: siteConfig });
  if (devOutboxEnabled({ transport: mail.transport, production })) await app.register(devOutboxPlugin, { mail });

  await app.register(
    async (v1) => {
      await v1.register(healthRoutes, { db });
      await v1.register(authRoutes, { signIn: memberSignIn });
      // A member's own records: tenant, token and owner checked once for every route in here.
      await v1.register(async (own) => {
        await own.register(memberScopePlugin);
        await own.register(passwordChangeRoutes, { passwordChange });
        await own.register(customersRoutes, { customers, minimumAge, now });
        await own.register(allocationsRoutes, { allocations });
        await own.register(addressesRoutes, { addresses });
        await own.register(cardsRoutes, { cards, now });
        await own.register(cartRoutes, { cart });
        await own.register(ordersRoutes, { orders });
        await own.register(offeringsRoutes, { offerings });
      });
      await v1.register(staffRoutes, { signIn: staffSignIn });
      await v1.register(catalogueRoutes, { catalogue });
      await v1.register(staffOfferingsRoutes, { offerings: staffOfferings, now });
      await v1.register(ratesRoutes, { rates });
      await v1.register(linksRoutes, { links });
      await v1.register(staffLinksRoutes, { links });
      await v1.register(passwordsRoutes, { passwords });
      await v1.register(joiningRoutes, { joining, minimumAge, now });
      await v1.register(staffJoiningRoutes, { joining });
      await v1.register(bottlesRoutes, { bottles });
      await v1.register(staffBottlesRoutes, { bottles });
    },
    { prefix: '/v1' },
  );

  if (options.webRoot && existsSync(options.webRoot)) {
    await app.register(staticWebPlugin, { webRoot: options.webRoot });
  }

  return app;
}
