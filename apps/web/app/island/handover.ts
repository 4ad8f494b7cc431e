/**
 * What one page hands the next across a page load (ADR 023). In the app, React Router keeps a
 * navigation's state and the open toasts in memory; a form island leaves by a page load, so before
 * it goes it writes them to session storage for the page it is opening, which takes them at once:
 * the form islands through `runtime/arrival.ts`, the app in `root.tsx` (as React Router's location
 * state). A handover is for one address and lasts half a minute; anything else is ignored.
 *
 * No dependencies: the app's root imports it.
 */

export const HANDOVER_KEY = 'winery:handover';
/** Long enough for a slow page load, short enough that a later visit never sees it. */
export const HANDOVER_TTL_MS = 30_000;

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'message';

/** A toast still on screen when the page was left: shown again on the next page. */
export interface CarriedToast {
  kind: ToastKind;
  title: string;
  description?: string;
  /** What was left of its time on screen (ms): it closes when it would have closed in the app. */
  duration?: number;
}

export interface Arrival {
  /** React Router's location state: what the page before said about this visit (a name, an e-mail). */
  state: unknown;
  toasts: CarriedToast[];
}

interface Stored extends Arrival {
  to: string;
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked: the next page opens without what this one would have said.
    return null;
  }
}

/** `/path?query` of an address, resolved against this origin (fragments play no part). */
export function pagePath(to: string, origin: string): string | null {
  try {
    const url = new URL(to, `${origin}/`);
    return url.origin === origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** Leaves `arrival` for the page at `to`; nothing when there is nothing to say. */
export function handOver(
  to: string,
  arrival: Arrival,
  { store = sessionStore(), origin = window.location.origin, now = Date.now() }: { store?: Store | null; origin?: string; now?: number } = {},
): void {
  const path = pagePath(to, origin);
  if (!store || path === null) return;
  if (arrival.state === undefined && arrival.toasts.length === 0) {
    store.removeItem(HANDOVER_KEY);
    return;
  }
  try {
    store.setItem(HANDOVER_KEY, JSON.stringify({ to: path, at: now, state: arrival.state ?? null, toasts: arrival.toasts } satisfies Stored));
  } catch {
    // Full or blocked: the next page opens without it.
  }
}

function isToast(value: unknown): value is CarriedToast {
  if (!value || typeof value !== 'object') return false;
  const toast = value as Record<string, unknown>;
  return (
    ['success', 'error', 'info', 'warning', 'message'].includes(toast.kind as string) &&
    typeof toast.title === 'string' &&
    (toast.description === undefined || typeof toast.description === 'string') &&
    (toast.duration === undefined || (typeof toast.duration === 'number' && toast.duration > 0))
  );
}

/**
 * What the page before left for this address, taken (removed) so it is shown once; null when it
 * left nothing, or left it for another address, or too long ago.
 */
export function takeHandover(
  location: Pick<Location, 'pathname' | 'search'>,
  { store = sessionStore(), now = Date.now() }: { store?: Store | null; now?: number } = {},
): Arrival | null {
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(HANDOVER_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let stored: Partial<Stored>;
  try {
    stored = JSON.parse(raw) as Partial<Stored>;
  } catch {
    store.removeItem(HANDOVER_KEY);
    return null;
  }
  if (stored.to !== location.pathname + location.search) return null;
  store.removeItem(HANDOVER_KEY);
  if (typeof stored.at !== 'number' || now - stored.at > HANDOVER_TTL_MS || now < stored.at - 1_000) return null;
  return {
    state: stored.state ?? undefined,
    toasts: Array.isArray(stored.toasts) ? stored.toasts.filter(isToast) : [],
  };
}
