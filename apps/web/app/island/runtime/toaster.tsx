/**
 * Sonner and the site's toaster, drawn into a root of their own at the end of the page: what the
 * island's `toast` loads with the first toast (runtime/sonner.ts). The toaster is the app's own
 * component, so toasts look, sit and last as they do in the app.
 */
import { useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { Toaster } from '../../components/toaster';

/** Calls `onMounted` once its children's effects (the toaster's subscription) have run. */
function Mounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(onMounted, [onMounted]);
  return children;
}

export function mountToaster(): Promise<typeof toast> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    container.dataset.islandToaster = '';
    // The prerendered page holds the app's empty toaster (a live region): this one takes its place.
    const prerendered = document.querySelector('body > section[aria-live][aria-label]');
    if (prerendered) prerendered.replaceWith(container);
    else document.body.append(container);
    createRoot(container).render(
      <Mounted onMounted={() => resolve(toast)}>
        <Toaster />
      </Mounted>,
    );
  });
}
