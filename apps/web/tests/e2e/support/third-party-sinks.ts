import type { BrowserContext, Page } from 'playwright-core';

/*
 * The test doubles of the two third-party services are served by the browser tests' server
 * (apps/api/src/testing/third-party-sinks.ts, at the script URLs of global-setup.ts); here, what
 * a test reads of them.
 */

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

/** Records this context's requests for the sinks' scripts (/__test-sink/*.js), with when each was asked for. */
export function recordSinkRequests(context: BrowserContext): SinkRequest[] {
  const requests: SinkRequest[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (new URL(url).pathname.startsWith('/__test-sink/')) requests.push({ url, at: Date.now() });
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
