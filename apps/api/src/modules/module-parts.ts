import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { AttemptCounter } from '../shared/attempt-counter.js';
import type { MemberSignIn } from './auth/member-sign-in.js';
import type { LoginLimits } from './auth/sign-in-limits.js';
import type { SigningKeys } from './auth/signing-keys.js';
import type { BottleCheckLimits } from './bottles/bottles.service.js';
import type { CardAttemptLimit } from './cards/card-tokenizer.js';
import type { RequestLimits } from './links/request-limits.js';
import type { MailService } from './mail/mail.service.js';
import type { PaymentGateway } from './payments/payment-gateway.js';
import type { StaffSignIn } from './staff/staff-sign-in.js';

/** The settings modules read, resolved once by app.ts from buildApp's options. */
export interface ModuleSettings {
  loginLimits: LoginLimits;
  cardAttemptLimit: CardAttemptLimit;
  requestLimits: RequestLimits;
  /** Sign-in link and reset requests answer no sooner than this (ms), member or not. */
  uniformAnswerMs: number;
  /** MINIMUM_AGE, checked on the profile and on requests to join. */
  minimumAge: number;
  bottleCheckLimits: BottleCheckLimits;
  trustProxy: boolean;
}

/** What app.ts builds once and hands every module; a module builds its own services from it. */
export interface ModuleParts {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Every limit kept in the database counts through this one counter (ADR 012). */
  counter: AttemptCounter;
  /** Services that send e-mail call mail.enqueue(…, tx) inside their transaction. */
  mail: MailService;
  signingKeys: SigningKeys;
  paymentGateway: PaymentGateway;
  /** Built before the modules: the auth plugin checks every signed-in request with them. */
  memberSignIn: MemberSignIn;
  staffSignIn: StaffSignIn;
  settings: ModuleSettings;
}

/** The routes a module adds, by where app.ts registers them (under /v1, but for siteRoutes). */
export interface ModuleRoutes {
  /** Open to anyone unless a route says otherwise; every /v1/staff/… route is guarded (plugins/staff-guard.plugin.ts). */
  routes?: (v1: FastifyInstance) => Promise<void>;
  /** A member's own records: registered in the member scope (plugins/member-scope.plugin.ts). */
  ownRoutes?: (scope: FastifyInstance) => Promise<void>;
  /**
   * Routes on the site's own paths, outside /v1, for callers that cannot add a tenant header or
   * choose the URL: a mail app's one-click unsubscribe POST to the link it was given (RFC 8058).
   */
  siteRoutes?: (site: FastifyInstance) => Promise<void>;
}

/** One area of the API (modules/<area>/<area>.module.ts): its services, built from the parts, and its routes. */
export type ApiModule = (parts: ModuleParts) => ModuleRoutes;
