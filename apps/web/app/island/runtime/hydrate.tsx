import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { reportException } from '../../lib/error-reporting/error-reporting';
// The texts, before any component asks for them (runtime/react-i18next.ts reads what this sets up).
import '../../lib/i18n';
import { markIslandReady } from './ready';

function Ready({ children }: { children: ReactNode }) {
  useEffect(markIslandReady, []);
  return children;
}

/**
 * Hydrates the page's own content (what the app renders inside <main>) with React, and nothing
 * else: the header, the footer and the rest of the page stay the prerendered HTML (the brochure
 * script looks after them). Hydration runs as a transition, so React yields to the browser every
 * few milliseconds instead of holding the main thread until the form is live. Should the island
 * fail, the visitor keeps the prerendered page (its links work; its form does not) and the error
 * is reported.
 */
export function hydrateMain(page: ReactNode): void {
  const main = document.getElementById('main-content');
  if (!main) throw new Error('This page has no <main id="main-content"> to hydrate');
  const prerendered = main.innerHTML;
  startTransition(() => {
    hydrateRoot(main, <Ready>{page}</Ready>, {
      onUncaughtError(error) {
        console.error(error);
        reportException(error);
        main.innerHTML = prerendered;
        markIslandReady();
      },
    });
  });
}
