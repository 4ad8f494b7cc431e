import { decodeJwt } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { PASSWORD, TENANT, type DemoStory, type Member, type Staff } from './fixtures';
import { startE2eServer, type E2eServer } from './global-setup';

/**
 * A spec's own server: the same browser tests' server as the run's (support/global-setup.ts
 * starts both the same way), with a fresh data dir, a fixtures secret of its own and, when asked,
 * the simulated clock (WINERY_TEST_CLOCK=simulated, apps/api/src/testing/e2e-server.ts). A spec
 * that moves the clock runs on it, so the other specs running side by side on the run's server
 * never see time jump. Started in the file's beforeAll, stopped in its afterAll.
 */
export interface OwnServer {
  /** Where it answers: give it to newPage({ baseURL }) and to every call. */
  readonly baseURL: string;
  /** A member of this server's in the situation of a demo member, in a tier of the producer's when named. */
  newMember(like: DemoStory, options?: { tierName?: string; pastReleases?: boolean }): Promise<Member>;
  /** A staff user of this server's (admin unless asked). */
  newStaff(role?: 'admin' | 'manager' | 'viewer'): Promise<Staff>;
  /** Signs in through the API (`/v1/customer/login` or `/v1/staff/login`): the token, and the member's id. */
  signIn(email: string, audience?: 'member' | 'staff'): Promise<{ token: string; subjectId: string }>;
  /** One call to its API with a token; the answer's status and body. */
  call<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** The server's simulated clock, and the browsers that follow it. */
  readonly clock: ServerClock;
}

export interface ServerClock {
  /** The server's now. */
  now(): Promise<Date>;
  /**
   * Makes a page's clock follow the server's: installed at the server's now (call it before the
   * page opens anything), then moved on with the server's at every advance or setTo. Pages of one
   * browser context share one clock.
   */
  follow(page: Page): Promise<void>;
  /** Moves the server's clock on by `ms`, then every followed page's by as much; the server's new now. */
  advance(ms: number): Promise<Date>;
  /** Moves the server's clock on to `at` (never back), then every followed page's to it; the server's new now. */
  setTo(at: Date): Promise<Date>;
}

export function ownServer(options: { clock?: 'simulated' } = {}): OwnServer {
  let server: E2eServer | undefined;
  const followed = new Map<BrowserContext, Page>();

  beforeAll(async () => {
    server = await startE2eServer(options.clock === 'simulated' ? { WINERY_TEST_CLOCK: 'simulated' } : {});
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const running = () => {
    if (!server) throw new Error('The spec’s own server is not running (ownServer() starts it in beforeAll).');
    return server;
  };

  async function fixture<T>(path: string, body: object, expected = 201): Promise<T> {
    const { baseURL, fixturesHeaders } = running();
    const response = await fetch(`${baseURL}/__test/fixtures${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...fixturesHeaders },
      body: JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`POST /__test/fixtures${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  const moveServer = async (move: { advanceMs: number } | { setTo: string }) => new Date((await fixture<{ now: string }>('/clock', move, 200)).now);

  /** Every followed page's clock on to the server's: each context's clock moves once, by what it lags. */
  async function catchUp(serverNow: Date) {
    for (const [context, page] of followed) {
      const open = page.isClosed() ? context.pages().find((other) => !other.isClosed()) : page;
      if (!open) {
        followed.delete(context);
        continue;
      }
      followed.set(context, open);
      const lag = serverNow.getTime() - (await open.evaluate(() => Date.now()));
      if (lag > 0) await open.clock.fastForward(lag);
    }
  }

  const clock: ServerClock = {
    now: () => moveServer({ advanceMs: 0 }),
    async follow(page) {
      if (followed.has(page.context())) return;
      await page.clock.install({ time: await clock.now() });
      followed.set(page.context(), page);
    },
    async advance(ms) {
      const now = await moveServer({ advanceMs: ms });
      await catchUp(now);
      return now;
    },
    async setTo(at) {
      const now = await moveServer({ setTo: at.toISOString() });
      await catchUp(now);
      return now;
    },
  };

  async function call<T>(token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${running().baseURL}${path}`, {
      method,
      headers: { tenant: TENANT, Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  return {
    get baseURL() {
      return running().baseURL;
    },
    newMember: (like, { tierName, pastReleases } = {}) => fixture<Member>('/members', { like, ...(tierName ? { tierName } : {}), ...(pastReleases ? { pastReleases } : {}) }),
    newStaff: (role = 'admin') => fixture<Staff>('/staff', { role }),
    async signIn(email, audience = 'member') {
      const response = await fetch(`${running().baseURL}/v1/${audience === 'member' ? 'customer' : 'staff'}/login`, {
        method: 'POST',
        headers: { tenant: TENANT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!response.ok) throw new Error(`Sign-in of ${email} failed: ${response.status}`);
      const { token } = (await response.json()) as { token: string };
      return { token, subjectId: decodeJwt(token).sub as string };
    },
    call,
    clock,
  };
}
