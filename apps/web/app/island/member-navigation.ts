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
