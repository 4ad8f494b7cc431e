import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_MINIMUM_AGE } from '@winery/domain';
import type { Database } from './db/database.js';
import { addressesModule } from './modules/addresses/addresses.module.js';
import { allocationsModule } from './modules/allocations/allocations.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { createMemberSignIn } from './modules/auth/member-sign-in.js';
import sessionRevocationsPlugin from './modules/auth/session-revocations.plugin.js';
import { resolveLoginLimits, type LoginLimitOverrides } from './modules/auth/sign-in-limits.js';
import type { SigningKeys } from './modules/auth/signing-keys.js';
import { bottlesModule } from './modules/bottles/bottles.module.js';
import { resolveBottleCheckLimits, type BottleCheckLimitOverrides } from './modules/bottles/bottles.service.js';
import { DEFAULT_CARD_ATTEMPT_LIMIT, type CardAttemptLimit } from './modules/cards/card-tokenizer.js';
import { cardsModule } from './modules/cards/cards.module.js';
import { cartModule } from './modules/cart/cart.module.js';
import { customersModule } from './modules/customers/customers.module.js';
import { healthModule } from './modules/health/health.module.js';
import { holdsModule } from './modules/holds/holds.module.js';
import { joiningModule } from './modules/joining/joining.module.js';
import { invitationsModule } from './modules/invitations/invitations.module.js';
import { linksModule } from './modules/links/links.module.js';
import { resolveRequestLimits, type RequestLimitOverrides } from './modules/links/request-limits.js';
import { DEFAULT_UNIFORM_ANSWER_MS } from './modules/links/uniform-answer.js';
import { createMailFromOptions, type MailOptions } from './modules/mail/mail.options.js';
import mailPlugin from './modules/mail/mail.plugin.js';
import type { ApiModule, ModuleParts } from './modules/module-parts.js';
import { membersModule } from './modules/members/members.module.js';
import { memberImportModule } from './modules/member-import/member-import.module.js';
import { offeringsModule } from './modules/offerings/offerings.module.js';
import { ordersModule } from './modules/orders/orders.module.js';
import { passwordsModule } from './modules/passwords/passwords.module.js';
import { createPaymentGateway } from './modules/payments/gateways.js';
import type { PaymentGateway } from './modules/payments/payment-gateway.js';
import { createStaffSignIn } from './modules/staff/staff-sign-in.js';
import { staffModule } from './modules/staff/staff.module.js';
import { staffAccountsModule } from './modules/staff-accounts/staff-accounts.module.js';
import { wineImagesModule } from './modules/wine-images/wine-images.module.js';
import { waitingRoomModule } from './modules/waiting-room/waiting-room.module.js';
import { standingModule } from './modules/standing/standing.module.js';
import authPlugin from './plugins/auth.plugin.js';
import devOutboxPlugin, { devOutboxEnabled } from './plugins/dev-outbox.plugin.js';
import errorsPlugin, { answerClientError, replyWithError } from './plugins/errors.plugin.js';
import memberScopePlugin from './plugins/member-scope.plugin.js';
import openApiPlugin from './plugins/openapi.plugin.js';
import rateLimitPlugin, { DEFAULT_GLOBAL_RATE_LIMIT, type GlobalRateLimitOptions } from './plugins/rate-limit.plugin.js';
import securityPlugin from './plugins/security.plugin.js';
import { buildSiteConfig, siteConfigRoutes, thirdPartyOrigins, type SiteConfigSettings } from './plugins/site-config.plugin.js';
import staffGuardPlugin from './plugins/staff-guard.plugin.js';
import staticWebPlugin from './plugins/static-web.plugin.js';
import tenantPlugin from './plugins/tenant.plugin.js';
import { createAttemptCounter } from './shared/attempt-counter.js';
import { LOG_SERIALIZERS, REDACT_CENSOR, REDACT_PATHS } from './shared/log-redaction.js';
import { OneLinePerRequest } from './shared/request-log.js';

export interface BuildAppOptions {
  db: Database;
  signingKeys: SigningKeys;
  /**
   * How long a plugin may take to start before the app refuses to (Fastify's `pluginTimeout`;
   * default its 10 s). The test apps allow a minute: test files share a busy machine.
   */
  pluginTimeout?: number;
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

/**
 * The API's areas, each building its services from the shared parts and adding its routes
 * (modules/<area>/<area>.module.ts). A new area is one line here.
 */
const MODULES: readonly ApiModule[] = [
  healthModule,
  authModule,
  customersModule,
  allocationsModule,
  addressesModule,
  cardsModule,
  cartModule,
  holdsModule,
  ordersModule,
  staffModule,
  offeringsModule,
  linksModule,
  invitationsModule,
  membersModule,
  passwordsModule,
  joiningModule,
  bottlesModule,
  staffAccountsModule,
  auditModule,
  memberImportModule,
  wineImagesModule,
  waitingRoomModule,
  standingModule,
];

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
    // One access-log line per request, when it is answered (shared/request-log.ts).
    logController: new OneLinePerRequest(),
    trustProxy: options.trustProxy ?? false,
    ...(options.pluginTimeout !== undefined ? { pluginTimeout: options.pluginTimeout } : {}),
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

  const { db, signingKeys } = options;
  // Link tokens in queued mail are sealed under a key derived from the token-signing key.
  const { mail, production } = createMailFromOptions(options.mail ?? {}, { db, now, log: app.log, linkKey: signingKeys.privateKey });
  const counter = createAttemptCounter(db);
  const loginLimits = resolveLoginLimits(options.loginLimits);
  // Members and staff sign in under the same limits (per IP, per account and IP, the alert).
  const signIn = { db, signingKeys, counter, mail, limits: loginLimits, now };
  const minimumAge = options.minimumAge ?? options.siteConfig?.minimumAge ?? DEFAULT_MINIMUM_AGE;
  const parts: ModuleParts = {
    db,
    now,
    log: app.log,
    counter,
    mail,
    signingKeys,
    paymentGateway: options.paymentGateway ?? createPaymentGateway('test'),
    memberSignIn: createMemberSignIn(signIn),
    staffSignIn: createStaffSignIn(signIn),
    settings: {
      loginLimits,
      cardAttemptLimit: { ...DEFAULT_CARD_ATTEMPT_LIMIT, ...options.cardAttemptLimit },
      requestLimits: resolveRequestLimits(options.requestLimits),
      uniformAnswerMs: options.uniformAnswerMs ?? DEFAULT_UNIFORM_ANSWER_MS,
      minimumAge,
      bottleCheckLimits: resolveBottleCheckLimits(options.bottleCheckLimits),
      trustProxy: options.trustProxy ?? false,
    },
  };

  await app.register(rateLimitPlugin, { ...DEFAULT_GLOBAL_RATE_LIMIT, ...options.globalRateLimit });
  await app.register(errorsPlugin);
  const siteConfig = buildSiteConfig({ ...options.siteConfig, minimumAge });
  const origins = thirdPartyOrigins(siteConfig);
  await app.register(securityPlugin, { extraScriptSrc: origins.script, extraConnectSrc: origins.connect });
  await app.register(openApiPlugin);
  await app.register(tenantPlugin, { db, now });
  await app.register(authPlugin, { audience: 'member', authenticator: parts.memberSignIn });
  await app.register(authPlugin, { audience: 'staff', authenticator: parts.staffSignIn });
  // Sessions cached as live stop at once in every instance when one revokes them (ADR 026).
  await app.register(sessionRevocationsPlugin, { redisUrl: options.globalRateLimit?.redisUrl ?? null });
  await app.register(staffGuardPlugin);
  await app.register(mailPlugin, { mail });

  await app.register(siteConfigRoutes, { config: siteConfig });
  if (devOutboxEnabled({ transport: mail.transport, production })) await app.register(devOutboxPlugin, { mail });

  const areas = MODULES.map((module) => module(parts));
  await app.register(
    async (v1) => {
      // A member's own records: tenant, token and owner checked once for every route in here.
      await v1.register(async (own) => {
        await own.register(memberScopePlugin);
        for (const area of areas) if (area.ownRoutes) await area.ownRoutes(own);
      });
      for (const area of areas) if (area.routes) await area.routes(v1);
    },
    { prefix: '/v1' },
  );
  // The few routes on the site's own paths (a mail app's one-click unsubscribe), before the web
  // app's catch-all so they are never answered with a page.
  await app.register(async (site) => {
    for (const area of areas) if (area.siteRoutes) await area.siteRoutes(site);
  });

  if (options.webRoot && existsSync(options.webRoot)) {
    await app.register(staticWebPlugin, { webRoot: options.webRoot });
  }

  return app;
}
