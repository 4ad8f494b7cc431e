import {
  getAllocationStatus,
  getHeaderNavigation,
  type AllocationDetail,
  type AllocationMetaData,
  type AllocationStatus,
  type AllocationSummary,
  type NavigationItem,
} from '@winery/domain';
import { footer as footerLabels, nav as navLabels } from '@winery/locales/en-US/common.json';
import { attachAccountMenu, attachPhoneMenu } from '../components/header/header-controls';
import { TENANT } from '../lib/tenant';

type Fetch = typeof fetch;

export class SessionRefusedError extends Error {}

async function getJson<T>(path: string, token: string, fetcher: Fetch): Promise<T> {
  const response = await fetcher(path, { headers: { tenant: TENANT, Authorization: token } });
  if (response.status === 401) throw new SessionRefusedError('The session is no longer valid');
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface MemberAllocation {
  status: AllocationStatus;
  metaData: AllocationMetaData | null;
}

/** The signed-in member's current allocation state (seed §4), from the two calls of seed §7. */
export async function memberAllocation(customerId: string, token: string, fetcher: Fetch = fetch): Promise<MemberAllocation> {
  const base = `/v1/${encodeURIComponent(TENANT)}/customer/${encodeURIComponent(customerId)}/allocation`;
  const list = await getJson<AllocationSummary[]>(base, token, fetcher);
  const current = Array.isArray(list) ? list[0] : undefined;
  if (!current?.id) return { status: 'account-info', metaData: null };
  const detail = await getJson<AllocationDetail>(`${base}/${encodeURIComponent(current.id)}`, token, fetcher);
  return { status: getAllocationStatus(detail), metaData: detail.metaData ?? null };
}

/** The header links of a signed-in member: their current allocation decides them (seed §2, §4). */
export function memberNavigation({ status, metaData }: MemberAllocation): NavigationItem[] {
  return getHeaderNavigation({ loggedIn: true, status, metaData });
}

const isCurrent = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Replaces the prerendered visitor links with the given ones, marked up as the app marks them. */
export function renderNavigation(nav: HTMLElement, items: NavigationItem[], pathname: string): void {
  const list = nav.querySelector<HTMLUListElement>('.main-nav__list');
  if (!list) return;
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement('li');
      const link = document.createElement('a');
      link.href = item.to;
      link.className = 'main-nav__link';
      link.dataset.testid = `nav-${item.key}`;
      link.textContent = navLabels[item.key];
      if (isCurrent(item.to, pathname)) {
        link.classList.add('active');
        link.setAttribute('aria-current', 'page');
      }
      li.append(link);
      return li;
    }),
  );
}

/** The footer's Account and Logout links, shown only to a signed-in member (seed §2). */
export function renderMemberFooterLinks(footer: HTMLElement): void {
  const list = footer.querySelector<HTMLUListElement>('.site-footer__nav ul');
  if (!list || list.querySelector('a[href="/profile"]')) return;
  const entries = [
    ['/profile', footerLabels.account],
    ['/logout', footerLabels.logout],
  ].map(([href, label]) => {
    const li = document.createElement('li');
    const link = document.createElement('a');
    link.href = href!;
    link.textContent = label!;
    li.append(link);
    return li;
  });
  list.prepend(...entries);
}

/**
 * Shows the header's account menu (prerendered hidden, components/header/account-menu.tsx) to a
 * signed-in member, with the address they are signed in with when their token carries it.
 */
export function showAccountMenu(root: ParentNode, email: string | undefined): void {
  const menu = root.querySelector<HTMLElement>('.account-menu');
  if (!menu) return;
  const who = menu.querySelector<HTMLElement>('.account-menu__who');
  const address = who?.querySelector<HTMLElement>('.account-menu__email');
  if (who && address) {
    address.textContent = email ?? '';
    who.hidden = !email;
  }
  menu.hidden = false;
}

/**
 * Shows the content meant for this audience and hides the other's (`data-audience="visitor"` or
 * `"member"`: the home page's calls to action), and marks each holder (`data-audience-state`) and
 * the account menu's slot as settled, which ends their wait for a returning member (frame.css).
 */
export function settleAudience(root: ParentNode, audience: 'visitor' | 'member'): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-audience]')) {
    element.hidden = element.dataset.audience !== audience;
  }
  for (const holder of root.querySelectorAll<HTMLElement>('[data-audience-state], .site-header__account')) {
    if (holder.matches('[data-audience-state]')) holder.dataset.audienceState = 'ready';
    if (holder.matches('.site-header__account')) holder.dataset.state = 'ready';
  }
}

/**
 * The header's phone menu and account menu on a page without the app: the same behaviour as the
 * app's header (components/header/header-controls.ts), on the prerendered markup.
 */
export function enableHeaderMenus(root: ParentNode = document): void {
  const nav = root.querySelector<HTMLElement>('.main-nav');
  if (nav) attachPhoneMenu(nav);
  const account = root.querySelector<HTMLElement>('.account-menu');
  if (account) attachAccountMenu(account);
}
