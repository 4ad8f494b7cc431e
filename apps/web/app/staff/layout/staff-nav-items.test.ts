import { describe, expect, it } from 'vitest';
import { activeNavKey } from './staff-nav-items';

describe('activeNavKey', () => {
  it.each([
    ['/staff', 'dashboard'],
    ['/staff/', 'dashboard'],
    ['/staff/offerings', 'offerings'],
    ['/staff/offerings/8c1b/edit', 'offerings'],
    ['/staff/offerings/8c1b', 'offerings'],
    ['/staff/offerings/8c1b/allocations', 'allocations'],
    ['/staff/offerings/8c1b/invitations', 'invitations'],
    ['/staff/offerings/8c1b/wishes', 'wishes'],
    ['/staff/allocations', 'allocations'],
    ['/staff/wines/new', 'wines'],
    ['/staff/members/42', 'members'],
    ['/staff/audit', 'audit'],
  ])('%s belongs to %s', (path, key) => {
    expect(activeNavKey(path)).toBe(key);
  });

  it('names no item for a page outside the navigation', () => {
    expect(activeNavKey('/staff/login')).toBeNull();
    expect(activeNavKey('/staffroom')).toBeNull();
  });
});
