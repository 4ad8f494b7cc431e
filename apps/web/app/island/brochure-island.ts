/**
 * The only JavaScript of a prerendered brochure page (ADR 006). The page is complete HTML; this
 * adds what depends on the visitor: a member's own header and footer links and account menu, the
 * home page's calls to action for a member, the header's menus, analytics and error reporting as
 * configured, and prefetching of the pages it links to. Links are ordinary page loads; the React
 * app takes over on the members' pages.
 */
import {
  ANALYTICS_LOAD_DELAY_MS,
  PREFETCH_BATCH_SIZE,
  PREFETCH_INTERVAL_MS,
  getHeaderNavigation,
  type NavigationItem,
} from '@winery/domain';
import { setAnalyticsUser, startAnalytics } from '../lib/analytics/analytics';
import { scheduleRouteEvents } from '../lib/analytics/route-events';
import { reportException, setErrorReportingUser, startErrorReporting } from '../lib/error-reporting/error-reporting';
import { nextPrefetchBatch, prefetchablePath } from '../lib/route-loading/prefetch';
import { clearStoredSession, probeStore, readStoredSession } from '../lib/session/storage';
import { loadSiteConfig } from '../lib/site-config/site-config';
import { pages as publicPages } from '../content/public-pages.json';
import { homeRedirect } from '../lib/member-status/home-redirect';
import type * as TokenClaimsModule from '../lib/session/token-claims';
import {
  enableHeaderMenus,
  memberAllocation,
  memberNavigation,
  renderMemberFooterLinks,
  renderNavigation,
  SessionRefusedError,
  settleAudience,
  showAccountMenu,
} from './member-navigation';

/** Only prerendered pages are worth a hint: the members' pages need a session, and the rest is 404. */
const PRERENDERED = new Set(publicPages.map((entry) => entry.path));

const startedAt = performance.now();
const FIRST_PREFETCH_DELAY_MS = 500;

// Local storage first, then session storage (seed §5). A brochure page never alerts: the members'
// pages tell a visitor without storage, once, when a session is actually needed.
const store = probeStore(() => window.localStorage) ?? probeStore(() => window.sessionStorage);
const { token } = store ? readStoredSession(store) : { token: null };

interface Member {
  token: string;
  customerId: string;
  email?: string;
}

/**
 * The member this browser holds a token for, or null. Reading a token's claims takes a JWT library
 * that a visitor never downloads: a module of its own, which the page names (vite.island.config.ts)
 * and only a browser with a token fetches, so the brochure's script stays as small as it is (ADR 006).
 */
async function signedInMember(): Promise<Member | null> {
  if (!token) return null;
  const url = document.querySelector<HTMLScriptElement>('script[data-token-claims]')?.dataset.tokenClaims;
  if (!url) return null;
  const { tokenClaims } = (await import(/* @vite-ignore */ url)) as typeof TokenClaimsModule;
  const claims = tokenClaims(token);
  return claims?.sub ? { token, customerId: claims.sub, ...(claims.email !== undefined ? { email: claims.email } : {}) } : null;
}

function startServices(member: Member | null): void {
  setAnalyticsUser(member?.customerId ?? null);
  setErrorReportingUser(member ? { id: member.customerId, ...(member.email !== undefined ? { email: member.email } : {}) } : null);
  const config = loadSiteConfig();
  void config.then((settings) => {
    startErrorReporting(settings.errorReporting);
    startAnalytics(settings.analytics, startedAt + ANALYTICS_LOAD_DELAY_MS - performance.now());
  });
  // A page load from another page of this site is a route change with a previous location.
  let previous: string | null = null;
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    if (referrer && referrer.origin === window.location.origin) previous = referrer.pathname + referrer.search;
  } catch {
    previous = null;
  }
  scheduleRouteEvents(config, () => ({
    path: window.location.pathname,
    search: window.location.search || undefined,
    title: document.title,
    hasPreviousLocation: previous !== null,
    referrer: previous ?? undefined,
  }));
}

/**
 * A member's own header links, account menu and footer links, and the page's member-only content
 * in place of the visitor's (the home page's calls to action); a visitor's page stays as it is.
 */
async function showMemberLinks(member: Member | null): Promise<void> {
  const nav = document.querySelector<HTMLElement>('.main-nav');
  const footer = document.querySelector<HTMLElement>('.site-footer');
  const reveal = (audience: 'visitor' | 'member') => {
    settleAudience(document, audience);
    document.documentElement.removeAttribute('data-session');
    if (nav) nav.dataset.state = 'ready';
  };
  const showMember = (items: NavigationItem[]) => {
    if (nav) renderNavigation(nav, items, window.location.pathname);
    if (footer) renderMemberFooterLinks(footer);
    showAccountMenu(document, member?.email);
    reveal('member');
  };
  if (!member) return reveal('visitor');
  if (nav) nav.dataset.state = 'loading';
  try {
    const allocation = await memberAllocation(member.customerId, member.token);
    // The home page of a member whose offering is under way is their offering (letter, allocation
    // or order summary); they reach the brochure through its own pages.
    const home = window.location.pathname === '/' ? homeRedirect(allocation) : null;
    if (home) {
      window.location.replace(home);
      return;
    }
    showMember(memberNavigation(allocation));
  } catch (error) {
    if (error instanceof SessionRefusedError) {
      // The server ended this session (signed out elsewhere, or expired): forget it here too.
      if (store) clearStoredSession(store);
      reveal('visitor');
    } else {
      // The member is still signed in; without their allocation, show the member's brochure links.
      showMember(getHeaderNavigation({ loggedIn: true }));
      reportException(error);
    }
  }
}

/**
 * Seed §9: pages linked from the viewport are prefetched in batches of at most 4 every 3 s, never
 * twice, and not at all when the visitor asked to save data.
 */
function prefetchVisibleLinks(): void {
  if (typeof IntersectionObserver === 'undefined') return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const visible = new Set<HTMLAnchorElement>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const anchor = entry.target as HTMLAnchorElement;
      if (entry.isIntersecting) visible.add(anchor);
      else visible.delete(anchor);
    }
  });
  const observed = new WeakSet<Element>();
  const observeLinks = () => {
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (observed.has(anchor)) continue;
      observed.add(anchor);
      observer.observe(anchor);
    }
  };
  const done: string[] = [];
  const runBatch = () => {
    observeLinks();
    const candidates = [...visible]
      .filter((a) => a.isConnected)
      .map((a) => prefetchablePath(a, window.location))
      .map((path) => (path && PRERENDERED.has(path.split('?')[0]!) ? path : null));
    for (const path of nextPrefetchBatch(candidates, done, window.location.pathname, PREFETCH_BATCH_SIZE)) {
      done.push(path);
      const hint = document.createElement('link');
      hint.rel = 'prefetch';
      hint.href = path;
      hint.dataset.prefetchedPage = path;
      document.head.append(hint);
    }
  };
  observeLinks();
  window.setTimeout(() => {
    runBatch();
    window.setInterval(runBatch, PREFETCH_INTERVAL_MS);
  }, FIRST_PREFETCH_DELAY_MS);
}

window.addEventListener('error', (event) => reportException(event.error ?? event.message));
enableHeaderMenus();
prefetchVisibleLinks();
void signedInMember()
  .catch((error: unknown) => {
    // Without the claims (the chunk failed to load) the page still works, as a visitor's.
    reportException(error);
    return null;
  })
  .then((member) => {
    startServices(member);
    return showMemberLinks(member);
  });
