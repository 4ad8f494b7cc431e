/**
 * What the form islands use of React Router (ADR 023). An island is one page, not an app: a link
 * is an ordinary link, and going somewhere is a page load, which first hands the next page the
 * navigation's state and the toasts still on screen (handover.ts), as React Router and the app's
 * toaster would have kept them. The island build resolves `react-router` here; a name the pages
 * use and this module lacks fails that build.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { handOver } from '../handover';
import { arrival } from './arrival';
import { recentToasts } from './sonner';

type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const href = (to: To): string =>
  typeof to === 'string' ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;

/**
 * Leaves this page for `to`, handing over `state` and the toasts on screen. It leaves in a task of
 * its own, so that a toast shown in the same breath (a form that says "Welcome back." as the page
 * it is on sends the member on) goes along, as it would in the app.
 */
export function navigateTo(to: To | number, { replace = false, state }: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const target = href(to);
  window.setTimeout(() => {
    handOver(target, { state, toasts: recentToasts() });
    if (replace) window.location.replace(target);
    else window.location.assign(target);
  }, 0);
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  return navigateTo;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** This page's address, with what the page before handed over as its state. */
export function useLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: arrival?.state ?? null, key: 'default' };
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>) => void] {
  const set = (next: URLSearchParams | Record<string, string>) => {
    const search = new URLSearchParams(next).toString();
    navigateTo(`${window.location.pathname}${search ? `?${search}` : ''}`);
  };
  return [new URLSearchParams(window.location.search), set];
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  prefetch?: string;
  viewTransition?: boolean;
  children?: ReactNode;
}

/**
 * An anchor. A plain click with state to hand over, or with toasts on screen, goes through
 * `navigateTo`; any other click (a new tab, a modifier key) is the browser's.
 */
export function Link({ to, replace, state, reloadDocument: _reload, prefetch: _prefetch, viewTransition: _transition, onClick, ...anchor }: LinkProps) {
  const target = href(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (anchor.target && anchor.target !== '_self') return;
    if (state === undefined && !replace && recentToasts().length === 0) return;
    event.preventDefault();
    navigateTo(target, { replace, state });
  };
  return <a {...anchor} href={target} onClick={click} />;
}
