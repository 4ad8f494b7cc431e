import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { toast } from 'sonner';
import { STORAGE_KEYS } from '@winery/domain';
import type { Route } from './+types/root';
import { i18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { SiteLayout } from './components/site-layout';
import { Toaster } from './components/toaster';
import { PageLoading } from './components/page-loading';
import { SessionGuard } from './lib/session/session-guard';
import { RouteChangeTracker } from './lib/analytics/route-change-tracker';
import { ThirdPartyServices } from './lib/third-party-services';
import { reportException } from './lib/error-reporting/error-reporting';
import { NavigationScrollRestoration } from './lib/route-loading/scroll-restoration';
import { ViewportPrefetch } from './lib/route-loading/viewport-prefetch';
import {
  installChunkLoadRecovery,
  useChunkErrorReload,
  useChunkLoadGuard,
} from './lib/route-loading/chunk-load-recovery';
import { NotFoundPage, SomethingWentWrongPage } from './features/errors/error-pages';
import { takeHandover } from './island/handover';

import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import '@fontsource/cormorant-garamond/latin-500-italic.css';
import '@fontsource/jost/latin-400.css';
import '@fontsource/jost/latin-500.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';

/**
 * zod 4 probes for `new Function` to compile faster parsers; under the site's Content Security
 * Policy (no 'unsafe-eval') that probe is a reported violation on every page. Its global config
 * must be set before any schema is built, that is before any module runs: hence inline.
 */
const ZOD_CONFIG_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true};';

/**
 * Runs before the first paint of a prerendered page: if this browser holds an unexpired session,
 * it marks <html> so the visitor's menu stays invisible until the member's own menu is known. A
 * browser that keeps no storage at all is marked too: the login page then boots the app, where a
 * session can live in the page's memory, instead of its island (ADR 023).
 */
const SESSION_HINT_SCRIPT = `(function(){try{var k=${JSON.stringify(STORAGE_KEYS)},s=null;
try{s=window.localStorage;s.setItem('__winery_probe__','1');s.removeItem('__winery_probe__')}catch(e){s=null}
if(!s){try{s=window.sessionStorage;s.setItem('__winery_probe__','1');s.removeItem('__winery_probe__')}catch(e){s=null}}
if(!s){document.documentElement.setAttribute('data-no-storage','')}
if(s&&s.getItem(k.token)&&Number(s.getItem(k.expiry))>Date.now()){document.documentElement.setAttribute('data-session','member')}}catch(e){}})();`;

/**
 * What a public page's island handed over when it sent the visitor here by a page load (ADR 023):
 * the navigation's state becomes React Router's location state (it reads it from history), and the
 * toasts still on screen are shown again once the app is up. Taken before the router exists.
 */
const arrival = typeof window === 'undefined' ? null : takeHandover(window.location);
if (arrival && arrival.state !== undefined) {
  window.history.replaceState({ ...(window.history.state as object | null), usr: arrival.state }, '');
}

// Before any route module is imported: a failed import must find the recovery in place.
installChunkLoadRecovery();

/** The estate's icons (public/, drawn by scripts/favicon.mjs): SVG where read, PNG and ICO elsewhere. */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.png', type: 'image/png', sizes: '96x96' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'shortcut icon', href: '/favicon.ico' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png', sizes: '180x180' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The session hint script may add an attribute to <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1915" />
        <script dangerouslySetInnerHTML={{ __html: ZOD_CONFIG_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: SESSION_HINT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            {children}
            <Toaster />
          </I18nextProvider>
        </QueryClientProvider>
        {/* Mounted after hydration: see NavigationScrollRestoration (blocked storage). */}
        <NavigationScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useChunkLoadGuard();
  useEffect(() => {
    for (const { kind, title, description, duration } of arrival?.toasts.splice(0) ?? []) {
      toast[kind](title, { ...(description !== undefined ? { description } : {}), ...(duration !== undefined ? { duration } : {}) });
    }
  }, []);
  const { pathname } = useLocation();
  const inConsole = pathname === '/staff' || pathname.startsWith('/staff/');
  return (
    <>
      <SessionGuard />
      <ThirdPartyServices analytics={!inConsole} />
      {/* Staff pages are not members' page views. */}
      {inConsole ? null : <RouteChangeTracker />}
      <ViewportPrefetch />
      {/* The staff console draws its own frame (staff/); every other page has the site's. */}
      {inConsole ? (
        <Outlet />
      ) : (
        <SiteLayout>
          <Outlet />
        </SiteLayout>
      )}
    </>
  );
}

/** The single-page fallback's first paint, before the members area takes over. */
export function HydrateFallback() {
  return (
    <div className="hydrate-fallback">
      <PageLoading />
    </div>
  );
}

/**
 * A 404 (unknown page, or a page whose data answered 404) shows the page-not-found page; anything
 * else (a 500 route error, page data that stayed unavailable, a crash) the something-went-wrong
 * page. A module that failed to load reloads the page once instead (seed §8).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reloading = useChunkErrorReload(error);
  const key = notFound ? 'notFound' : 'error';
  if (!notFound && import.meta.env.DEV) console.error(error);
  useEffect(() => {
    if (notFound || reloading) return;
    reportException(
      isRouteErrorResponse(error) ? new Error(`Route error ${error.status} ${error.statusText}`.trim()) : error,
    );
  }, [error, notFound, reloading]);
  if (reloading) return <PageLoading />;
  return (
    <SiteLayout>
      <title>{i18n.t('common:meta.suffix', { page: i18n.t(`common:meta.${key}.title`) })}</title>
      {notFound ? <NotFoundPage /> : <SomethingWentWrongPage />}
    </SiteLayout>
  );
}
