import type { AllocationStatus } from './allocation-status.js';
import type { AllocationMetaData } from './schemas/allocation.js';

export type NavigationKey =
  | 'philosophy'
  | 'grandCrus'
  | 'matriarch'
  | 'team'
  | 'account'
  | 'allocation'
  | 'login'
  | 'letter'
  | 'offeringAllocation'
  | 'foundersListInvitation'
  | 'vintageNotes';

export interface NavigationItem {
  /** Translation key in the common namespace (`nav.<key>`). */
  key: NavigationKey;
  to: string;
}

export interface NavigationInput {
  loggedIn: boolean;
  status?: AllocationStatus | null;
  metaData?: AllocationMetaData | null;
}

const CAMPAIGNS_WITHOUT_LETTER = new Set(['fl-onboarding', 'event-offering']);

/** Header links for every state of seed §2, in display order. */
export function getHeaderNavigation({ loggedIn, status, metaData }: NavigationInput): NavigationItem[] {
  if (loggedIn && (status === 'offering' || status === 'thank-you')) {
    const campaign = metaData?.['campaign-type'];
    const special = campaign !== undefined && CAMPAIGNS_WITHOUT_LETTER.has(campaign);
    const items: NavigationItem[] = [];
    if (!metaData?.['skip-letter'] && !special) items.push({ key: 'letter', to: '/offering/letter' });
    items.push({
      key: special ? 'foundersListInvitation' : 'offeringAllocation',
      to: '/offering/allocation',
    });
    if (metaData?.['show-vintage-notes'] !== false) {
      items.push({ key: 'vintageNotes', to: '/offering/vintage-notes' });
    }
    return items;
  }
  const brochure: NavigationItem[] = [
    { key: 'philosophy', to: '/philosophy' },
    { key: 'grandCrus', to: '/grand-crus' },
    { key: 'matriarch', to: '/matriarch' },
    { key: 'team', to: '/team' },
  ];
  return loggedIn
    ? [...brochure, { key: 'account', to: '/profile' }]
    : [...brochure, { key: 'allocation', to: '/allocation' }, { key: 'login', to: '/login' }];
}

/** Pages that show no header navigation (seed §2): login-by-link, founders-list and event pages. */
export function isNavigationHidden(pathname: string): boolean {
  return ['/login-by-link', '/founders-list', '/event'].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
