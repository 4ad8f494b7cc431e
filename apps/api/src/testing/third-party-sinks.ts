import type { FastifyInstance } from 'fastify';

/**
 * Test doubles of the two third-party services, which the browser tests' server serves at the
 * script URLs it is configured with (apps/web/tests/e2e/support/global-setup.ts): each records every
 * call into a window array the tests read back; the error sink also runs the app's `beforeSend`
 * like the real library, and, like a request-capturing integration, puts every fetch body into
 * the breadcrumbs, so a test can prove no password survives.
 *
 * Served by the server rather than answered by the browser driver (Playwright's routing): a
 * context with a route pauses every request of its pages for the driver and loads nothing from
 * the HTTP cache, which cost the browser journeys about a fifth of their CPU.
 */
export const THIRD_PARTY_SINK_PREFIX = '/__test-sink';

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

const SINKS: Record<string, string> = { 'analytics.js': ANALYTICS_SINK, 'errors.js': ERRORS_SINK };

/**
 * GET /__test-sink/analytics.js and /__test-sink/errors.js, never cached, so every page load asks
 * for them (the tests count the requests and when they were made). Registered only by
 * e2e-server.ts, like the fixtures routes.
 */
export async function thirdPartySinkRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(`${THIRD_PARTY_SINK_PREFIX}/:name`, async (request, reply) => {
    const script = SINKS[request.params.name];
    if (script === undefined) return reply.callNotFound();
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script);
  });
}
