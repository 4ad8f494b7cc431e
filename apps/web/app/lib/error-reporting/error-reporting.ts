/**
 * A thin adapter over a Sentry-style global (`window.Sentry`), loaded from the configured script
 * only when the operator set a DSN (/site-config.json). Calls made before it is ready are queued;
 * with no DSN they are dropped and nothing third-party loads.
 */
import { ERROR_REPORTING, type SiteConfig } from '@winery/domain';
import { loadScript } from '../site-config/site-config';
import { apiErrorReport, isMemberEndpoint, MISSING_AUTHORIZATION_MESSAGE, type ApiFailure, type ReportLevel } from './api-error-report';
import { beforeSend } from './before-send';

export interface ReportUser {
  id: string;
  email?: string;
}

interface CaptureContext {
  level?: ReportLevel;
  extra?: Record<string, unknown>;
  tags?: Record<string, string>;
}

/** The subset of the Sentry browser API this product calls. */
export interface ErrorReporter {
  init(options: Record<string, unknown>): void;
  captureException(error: unknown, context?: CaptureContext): unknown;
  captureMessage(message: string, context?: CaptureContext): unknown;
  setUser(user: ReportUser | null): void;
  /** Sentry's loader script: runs the callback once the full library is in. */
  onLoad?(callback: () => void): void;
}

declare global {
  interface Window {
    Sentry?: Partial<ErrorReporter>;
  }
}

const MAX_QUEUED = 50;
let state: 'unknown' | 'off' | 'loading' | 'on' = 'unknown';
const queued: ((reporter: Partial<ErrorReporter>) => void)[] = [];
let currentUser: ReportUser | null = null;

function withReporter(call: (reporter: Partial<ErrorReporter>) => void): void {
  if (typeof window === 'undefined' || state === 'off') return;
  if (state === 'on' && window.Sentry) {
    call(window.Sentry);
    return;
  }
  if (queued.length < MAX_QUEUED) queued.push(call);
}

export function startErrorReporting(settings: SiteConfig['errorReporting']): void {
  if (typeof window === 'undefined' || state !== 'unknown') return;
  if (!settings?.dsn) {
    state = 'off';
    queued.length = 0;
    return;
  }
  state = 'loading';
  const initialise = () => {
    const reporter = window.Sentry;
    if (!reporter?.init) {
      state = 'off';
      queued.length = 0;
      return;
    }
    reporter.init({ dsn: settings.dsn, ...ERROR_REPORTING, beforeSend });
    reporter.setUser?.(currentUser);
    state = 'on';
    for (const call of queued.splice(0)) call(reporter);
  };
  loadScript(settings.scriptUrl)
    .then(() => {
      if (typeof window.Sentry?.onLoad === 'function') window.Sentry.onLoad(initialise);
      else initialise();
    })
    .catch(() => {
      // Blocked or unreachable: the site works the same without error reporting.
      state = 'off';
      queued.length = 0;
    });
}

/** Attached to every report while a member is signed in; null on sign-out (seed §1). */
export function setErrorReportingUser(user: ReportUser | null): void {
  if (currentUser?.id === user?.id && currentUser?.email === user?.email) return;
  currentUser = user;
  withReporter((reporter) => reporter.setUser?.(user));
}

export function reportMessage(message: string, level: ReportLevel, extra?: Record<string, unknown>): void {
  withReporter((reporter) => reporter.captureMessage?.(message, { level, extra }));
}

export function reportException(error: unknown, extra?: Record<string, unknown>): void {
  withReporter((reporter) => reporter.captureException?.(error, { level: 'error', extra }));
}

/** Seed §8: an API failure, reported by its type (see apiErrorReport). */
export function reportApiFailure(failure: ApiFailure): void {
  const report = apiErrorReport(failure);
  if (!report) return;
  reportMessage(report.message, report.level, {
    method: failure.method,
    path: failure.path.split('?')[0],
    status: failure.status,
    type: failure.type,
  });
}

/** Seed §8: a member endpoint asked without the member's token is a bug worth knowing about. */
export function checkAuthorization(method: string, path: string, hasToken: boolean): void {
  if (hasToken || !isMemberEndpoint(path)) return;
  reportMessage(MISSING_AUTHORIZATION_MESSAGE, 'warning', { method, path: path.split('?')[0] });
}

/** Test seam: back to the state of a fresh page load. */
export function resetErrorReportingForTests(): void {
  state = 'unknown';
  queued.length = 0;
  currentUser = null;
}
