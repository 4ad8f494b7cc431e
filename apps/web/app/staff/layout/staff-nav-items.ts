import type { StaffRole } from '@winery/domain';

export interface StaffNavItem {
  /** Key under `nav.` in staff.json. */
  key: string;
  to: string;
  /** Only these roles see the item (issue 14: Staff accounts are for admins). */
  roles?: StaffRole[];
}

export interface StaffNavGroup {
  key: string;
  items: StaffNavItem[];
}

/**
 * The console's side navigation, by what staff do. Issue 14 adds Members, Orders and Tiers to
 * "people" and "sales", and Staff and Audit (admins) to "settings".
 */
export const STAFF_NAV: StaffNavGroup[] = [
  {
    key: 'season',
    items: [
      { key: 'dashboard', to: '/staff' },
      { key: 'offerings', to: '/staff/offerings' },
      { key: 'wines', to: '/staff/wines' },
      { key: 'allocations', to: '/staff/allocations' },
      { key: 'invitations', to: '/staff/invitations' },
      { key: 'wishes', to: '/staff/wishes' },
    ],
  },
  {
    key: 'people',
    items: [
      { key: 'members', to: '/staff/members' },
      { key: 'tiers', to: '/staff/tiers' },
      { key: 'listRules', to: '/staff/list-rules' },
      { key: 'prospects', to: '/staff/prospects' },
    ],
  },
  { key: 'sales', items: [{ key: 'orders', to: '/staff/orders' }] },
  {
    key: 'settings',
    items: [
      { key: 'rates', to: '/staff/rates' },
      { key: 'bottles', to: '/staff/bottles' },
      { key: 'staff', to: '/staff/accounts', roles: ['admin'] },
      { key: 'audit', to: '/staff/audit', roles: ['admin', 'manager'] },
    ],
  },
];

export const visibleNav = (role: StaffRole | null): StaffNavGroup[] =>
  STAFF_NAV.map((group) => ({ ...group, items: group.items.filter((item) => !item.roles || (role !== null && item.roles.includes(role))) })).filter(
    (group) => group.items.length > 0,
  );

/** The offering's own pages whose navigation item is the task, not "Offerings". */
const OFFERING_TASK = /^\/staff\/offerings\/[^/]+\/(allocations|invitations|wishes)(\/|$)/;

/**
 * The navigation item a page belongs to: an offering's Allocations, Invitations and Wishes are
 * their own items; any other page belongs to the item whose address is its longest prefix.
 */
export function activeNavKey(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const task = OFFERING_TASK.exec(path);
  if (task) return task[1]!;
  let best: StaffNavItem | null = null;
  for (const item of STAFF_NAV.flatMap((group) => group.items)) {
    const matches = item.to === '/staff' ? path === '/staff' : path === item.to || path.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best?.key ?? null;
}
