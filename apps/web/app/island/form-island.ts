/**
 * The script of the public pages with a form (ADR 017): /login, /allocation, /founders-list,
 * /forgot-password, /bottle-verification, and the pages a sent form lands on. Like the brochure's
 * script it looks after the page around the form (the member's header links, the phone menu,
 * analytics, error reporting, prefetching); after the first frame it fetches the page's own
 * island, which hydrates the page's content with React, and nothing else of the app. The page
 * names its island in `data-form` (scripts/islands.mjs writes it from content/public-pages.json).
 */
import './brochure-island';
import { reportException } from '../lib/error-reporting/error-reporting';
import { claimReload, forgetReload, isChunkLoadError } from '../lib/route-loading/chunk-reload';
import { probeStore } from '../lib/session/storage';
import { arrival } from './runtime/arrival';
import { markIslandReady } from './runtime/ready';
import { showCarriedToasts } from './runtime/sonner';

interface IslandPage {
  load: () => Promise<{ default: () => void }>;
  /**
   * A page whose island only adds what the page before handed over (the prospect's name, the
   * address a link went to): without that, the prerendered page is already all there is.
   */
  onlyWithState?: boolean;
}

export const ISLAND_PAGES: Record<string, IslandPage> = {
  login: { load: () => import('./pages/login') },
  'join-request': { load: () => import('./pages/join-request') },
  'join-request-sent': { load: () => import('./pages/join-request-sent'), onlyWithState: true },
  'founders-list': { load: () => import('./pages/founders-list') },
  'forgot-password': { load: () => import('./pages/forgot-password') },
  'forgot-password-success': { load: () => import('./pages/forgot-password-success'), onlyWithState: true },
  'bottle-verification': { load: () => import('./pages/bottle-verification') },
};

/** After the page's first frame, so that fetching and running React never delays its paint. */
const afterFirstFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

async function start(name: string | undefined): Promise<void> {
  const page = name ? ISLAND_PAGES[name] : undefined;
  const handedOver = arrival?.state !== undefined && arrival.state !== null;
  // Sent here by a form (whose island this browser has just run, so it holds the scripts): what
  // the page before said is shown as soon as it can be. Otherwise the page paints first.
  if (!handedOver) await afterFirstFrame();
  if (arrival && arrival.toasts.length > 0) showCarriedToasts(arrival.toasts);
  if (!page) {
    if (name) reportException(new Error(`No form island named ${name}`));
    return markIslandReady();
  }
  if (page.onlyWithState && !handedOver) return markIslandReady();
  const store = probeStore(() => window.sessionStorage);
  const path = window.location.pathname;
  try {
    const island = await page.load();
    if (store) forgetReload(store, path);
    island.default();
  } catch (error) {
    // A new deployment removed the old build's files, or the network failed: reload once (seed §8).
    if (isChunkLoadError(error) && store && claimReload(store, path)) {
      window.location.reload();
      return;
    }
    reportException(error);
  }
}

void start(document.querySelector<HTMLScriptElement>('script[data-form]')?.dataset.form);
