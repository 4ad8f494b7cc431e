/**
 * `toast` for the form islands (ADR 023): the same calls as sonner's, but sonner itself (and the
 * toaster it draws) is fetched with the first toast, so a page that shows none never loads it.
 * Every toast is also remembered for a few seconds, so that a page left while it is on screen can
 * hand it to the next one (handover.ts), as the app's toaster keeps it across a navigation.
 * The island build resolves `sonner` here, except for runtime/toaster.tsx and the app's toaster.
 */
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { TOAST_DURATION_MS } from '@winery/domain';
import type { CarriedToast, ToastKind } from '../handover';

type Toast = typeof sonnerToast;
type Title = Parameters<Toast>[0];

interface Shown extends CarriedToast {
  id: string | number;
  at: number;
}

const shown: Shown[] = [];
let loaded: Promise<Toast> | null = null;
let counter = 0;

/** Sonner with its toaster drawn; started by the first toast. */
function load(): Promise<Toast> {
  loaded ??= import('./toaster').then(({ mountToaster }) => mountToaster());
  return loaded;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function show(kind: ToastKind, title: Title, data?: ExternalToast): string | number {
  const id = data?.id ?? `island-${(counter += 1)}`;
  const description = text(data?.description);
  // A toast with the same id replaces the one before, as in sonner.
  const index = shown.findIndex((entry) => entry.id === id);
  if (index >= 0) shown.splice(index, 1);
  shown.push({
    id,
    kind,
    title: text(title) ?? '',
    ...(description !== undefined ? { description } : {}),
    ...(typeof data?.duration === 'number' ? { duration: data.duration } : {}),
    at: Date.now(),
  });
  void load().then((toast) => (kind === 'message' ? toast(title, { ...data, id }) : toast[kind](title, { ...data, id })));
  return id;
}

export const toast = Object.assign((title: Title, data?: ExternalToast) => show('message', title, data), {
  success: (title: Title, data?: ExternalToast) => show('success', title, data),
  error: (title: Title, data?: ExternalToast) => show('error', title, data),
  info: (title: Title, data?: ExternalToast) => show('info', title, data),
  warning: (title: Title, data?: ExternalToast) => show('warning', title, data),
  message: (title: Title, data?: ExternalToast) => show('message', title, data),
  dismiss: (id?: string | number) => {
    for (let i = shown.length - 1; i >= 0; i -= 1) if (id === undefined || shown[i]!.id === id) shown.splice(i, 1);
    if (loaded) void loaded.then((real) => real.dismiss(id));
    return id;
  },
});

/** The toasts still on screen, with their words and what is left of their time (actions stay behind). */
export function recentToasts(now: number = Date.now()): CarriedToast[] {
  return shown
    .filter((entry) => entry.title && now - entry.at < (entry.duration ?? TOAST_DURATION_MS))
    .map(({ kind, title, description, duration, at }) => ({
      kind,
      title,
      ...(description !== undefined ? { description } : {}),
      duration: (duration ?? TOAST_DURATION_MS) - (now - at),
    }));
}

/** Shows toasts another page handed over, for what is left of their time. */
export function showCarriedToasts(toasts: readonly CarriedToast[]): void {
  for (const { kind, title, description, duration } of toasts) {
    show(kind, title, { ...(description !== undefined ? { description } : {}), ...(duration !== undefined ? { duration } : {}) });
  }
}
