import type { BrowserContext, Page } from 'playwright-core';

/**
 * Test doubles of the two third-party services, served at the script URLs the e2e server is
 * configured with (global-setup.ts). Each records every call into a window array the tests read
 * back; the error sink also runs the app's `beforeSend` like the real library, and, like a
 * request-capturing integration, puts every fetch body into the breadcrumbs, so a test can prove
 * no password survives.
 */
const ANALYTICS_SINK = `(function () {
  var queued = Array.isArray(window.analytics) ? Array.prototype.slice.call(window.analytics) : [];
  var calls = (window.__analyticsSink = window.__analyticsSink || []);
  window.__analyticsSinkWriteKey = window.analytics && window.analytics._writeKey;
  function record(method) {
    return function () {
      calls.push({ method: method, args: JSON.parse(JSON.stringify(Array.prototype.slice.call(arguments))) });
    };
  }
  var lib = { page: record('page'), track: record('track'), identify: record('identify'), reset: record('reset') };
  window.analytics = lib;
  queued.forEach(function (call) { if (lib[call[0]]) lib[call[0]].apply(null, call.slice(1)); });
})();`;

const ERRORS_SINK = `(function () {
  var calls = (window.__errorSink = window.__errorSink || []);
  var options = null, user = null, breadcrumbs = [];
  var realFetch = window.fetch;
  window.fetch = function (input, init) {
    breadcrumbs.push({ category: 'fetch', data: { url: String(input && input.url || input), body: init && init.body } });
    return realFetch.apply(this, arguments);
  };
  function clone(value) { return value === undefined ? undefined : JSON.parse(JSON.stringify(value)); }
  function send(event, hint) {
    event.breadcrumbs = breadcrumbs.slice();
    event.user = user;
    var out = options && options.beforeSend ? options.beforeSend(event, hint || {}) : event;
    calls.push({ kind: 'event', dropped: out === null, event: clone(out) });
  }
  window.Sentry = {
    init: function (o) {
      options = o;
      var shown = {};
      Object.keys(o).forEach(function (k) { shown[k] = typeof o[k] === 'function' ? 'function' : o[k]; });
      calls.push({ kind: 'init', options: shown });
    },
    setUser: function (u) { user = u; calls.push({ kind: 'setUser', user: clone(u) }); },
    captureMessage: function (message, context) {
      context = typeof context === 'string' ? { level: context } : context || {};
      send({ message: message, level: context.level || 'info', extra: context.extra || {} });
    },
    captureException: function (error, context) {
      context = context || {};
      send(
        { level: context.level || 'error', extra: context.extra || {},
          exception: { values: [{ type: error && error.name, value: error && error.message }] } },
        { originalException: error }
      );
    },
  };
})();`;

export interface SinkRequest {
  url: string;
  /** Date.now() when the browser asked for the script. */
  at: number;
}

export interface AnalyticsSinkCall {
  method: 'page' | 'track' | 'identify' | 'reset';
  args: unknown[];
}

export interface ErrorSinkCall {
  kind: 'init' | 'setUser' | 'event';
  options?: Record<string, unknown>;
  user?: { id: string; email?: string } | null;
  dropped?: boolean;
  event?: { message?: string; level?: string; extra?: Record<string, unknown>; user?: unknown } | null;
}

/** Answers /__test-sink/*.js in this context; returns the log of script requests. */
export async function installThirdPartySinks(context: BrowserContext): Promise<SinkRequest[]> {
  const requests: SinkRequest[] = [];
  await context.route('**/__test-sink/*.js', (route) => {
    const url = route.request().url();
    requests.push({ url, at: Date.now() });
    const body = url.endsWith('/analytics.js') ? ANALYTICS_SINK : url.endsWith('/errors.js') ? ERRORS_SINK : '';
    return route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
  return requests;
}

export const analyticsSinkCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __analyticsSink?: unknown[] }).__analyticsSink ?? []) as Promise<
    AnalyticsSinkCall[]
  >;

export const errorSinkCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __errorSink?: unknown[] }).__errorSink ?? []) as Promise<ErrorSinkCall[]>;

/** The reports that passed beforeSend. */
export const sentReports = async (page: Page) =>
  (await errorSinkCalls(page)).filter((call) => call.kind === 'event' && !call.dropped).map((call) => call.event!);
