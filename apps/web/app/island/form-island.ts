/**
 * The script of the public pages with a form (ADR 023): /login, /allocation, /founders-list,
 * /forgot-password, /bottle-verification, and the pages a sent form lands on. Like the brochure's
 * script it looks after the page around the form at once (the member's header links, the phone
 * menu, analytics, error reporting, prefetching). The page's own island, which hydrates the page's
 * content with React and the app's components, is fetched when the browser is idle and run on the
 * visitor's first move (a pointer over the page, a touch, a wheel, a key, a focus): a visitor who only
 * reads runs no React at all. It runs at once when there is something to show at once: what the
 * page before handed over, or a member's session on the login page (which sends them on).
 *
 * The page names its island in `data-form` and the island's chunks in `data-form-chunks`
 * (scripts/islands.mjs writes both from content/public-pages.json and the build's manifest).
 */
import './brochure-island';
import { reportException } from '../lib/error-reporting/error-reporting';
import { holdEarlySubmits } from './early-submit';
import { claimReload, forgetReload, isChunkLoadError } from '../lib/route-loading/chunk-reload';
import { probeStore } from '../lib/session/storage';
import { arrival } from './runtime/arrival';
import { markIslandReady, markIslandWaiting } from './runtime/ready';
import { showCarriedToasts } from './runtime/sonner';

interface IslandPage {
  load: () => Promise<{ default: () => void }>;
  /**
   * A page whose island only adds what the page before handed over (the prospect's name, the
   * address a link went to): without that, the prerendered page is already all there is.
   */
  onlyWithState?: boolean;
  /** Runs at once, without waiting for the visitor, when this holds at page load. */
  startsAtOnce?: () => boolean;
}

export const ISLAND_PAGES: Record<string, IslandPage> = {
  // A member who is already signed in is sent on to their starting point (or redirectTo).
  login: { load: () => import('./pages/login'), startsAtOnce: () => document.documentElement.getAttribute('data-session') === 'member' },
  'join-request': { load: () => import('./pages/join-request') },
  // Opened from the acknowledgement's link (#t=…): the prospect's place in line is shown at once (ADR 031).
  'join-request-sent': {
    load: () => import('./pages/join-request-sent'),
    onlyWithState: true,
    startsAtOnce: () => /(?:^#|&)t=/.test(window.location.hash),
  },
  'founders-list': { load: () => import('./pages/founders-list') },
  'forgot-password': { load: () => import('./pages/forgot-password') },
  'forgot-password-success': { load: () => import('./pages/forgot-password-success'), onlyWithState: true },
  'bottle-verification': { load: () => import('./pages/bottle-verification') },
};

/** What tells that the visitor is about to use the page, rather than only read it. */
const MOVES = ['pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin', 'input'] as const;

/** Resolves on the visitor's first move: a pointer over the page's content, a touch, a wheel, a key, a focus. */
export function visitorMoves(main: HTMLElement | null, target: Document = document): Promise<void> {
  return new Promise((resolve) => {
    const options = { capture: true, passive: true } as const;
    const moved = () => {
      for (const type of MOVES) target.removeEventListener(type, moved, options);
      main?.removeEventListener('pointerover', moved, options);
      resolve();
    };
    // Already in the form (a tap before this script ran): no need to wait for another move.
    if (main && main.contains(target.activeElement)) return resolve();
    for (const type of MOVES) target.addEventListener(type, moved, options);
    main?.addEventListener('pointerover', moved, options);
  });
}

/** After the page's first frame, so that nothing the island does delays its paint. */
const afterFirstFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

function hint(rel: 'prefetch' | 'modulepreload', href: string): void {
  if (document.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

/** Fetches the island's chunks into the cache once the page has loaded and the browser is idle. */
function prefetchWhenIdle(chunks: readonly string[]): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData || chunks.length === 0) return;
  const idle = (run: () => void) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
    else setTimeout(run, 1_000);
  };
  const prefetch = () => idle(() => chunks.forEach((chunk) => hint('prefetch', chunk)));
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}

async function start(script: HTMLScriptElement | null): Promise<void> {
  const name = script?.dataset.form;
  const chunks = (script?.dataset.formChunks ?? '').split(' ').filter(Boolean);
  const page = name ? ISLAND_PAGES[name] : undefined;
  const handedOver = arrival?.state !== undefined && arrival.state !== null;
  const atOnce = handedOver || (page?.startsAtOnce?.() ?? false);
  if (arrival && arrival.toasts.length > 0) showCarriedToasts(arrival.toasts);
  if (!page) {
    if (name) reportException(new Error(`No form island named ${name}`));
    return markIslandReady();
  }
  if (page.onlyWithState && !handedOver && !atOnce) return markIslandReady();
  const main = document.getElementById('main-content');
  // An Enter or a tap on the button before the form is live is carried out once it is.
  const early = main ? holdEarlySubmits(main) : null;
  // Sent here by a form, whose island this browser has just run (so it holds the scripts): what
  // the page before said is shown as soon as it can be. Otherwise the page paints first.
  if (!handedOver) {
    if (atOnce) {
      await afterFirstFrame();
    } else {
      prefetchWhenIdle(chunks);
      markIslandWaiting();
      await visitorMoves(main);
    }
  }
  // Fetched side by side rather than one import after another.
  chunks.forEach((chunk) => hint('modulepreload', chunk));
  const store = probeStore(() => window.sessionStorage);
  const path = window.location.pathname;
  try {
    const island = await page.load();
    if (store) forgetReload(store, path);
    island.default();
    early?.release();
  } catch (error) {
    early?.stop();
    // A new deployment removed the old build's files, or the network failed: reload once (seed §8).
    if (isChunkLoadError(error) && store && claimReload(store, path)) {
      window.location.reload();
      return;
    }
    reportException(error);
  }
}

void start(document.querySelector<HTMLScriptElement>('script[data-form]'));
