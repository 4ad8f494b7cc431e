import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@winery/domain';
import staff from '@winery/locales/en-US/staff.json';
import { describe, expect, it } from 'vitest';
import { subjectPath } from './audit-labels';

/** The text at a dotted path of the console's English texts, when it is one. */
const textAt = (path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), staff);

describe('the audit trail in words', () => {
  it('has words for every action an entry can have, and every kind of record', () => {
    expect(AUDIT_ACTIONS.filter((action) => typeof textAt(`audit.actions.${action}`) !== 'string')).toEqual([]);
    expect(AUDIT_ENTITY_TYPES.filter((type) => typeof textAt(`audit.entities.${type}`) !== 'string')).toEqual([]);
  });

  it('says each action differently', () => {
    const words = AUDIT_ACTIONS.map((action) => textAt(`audit.actions.${action}`));
    expect(new Set(words).size).toBe(words.length);
  });

  it("links a member, an order, a wine or an offering to its page, an allocation or a wish to its member's, and nothing else", () => {
    const id = '5b0f3f4e-1c1d-4a5e-9a43-0c1a2b3c4d5e';
    expect(['member', 'order', 'wine', 'offering', 'tier', 'allocation', 'rates'].map((type) => subjectPath(type, id))).toEqual([
      `/staff/members/${id}`,
      `/staff/orders/${id}`,
      `/staff/wines/${id}`,
      `/staff/offerings/${id}`,
      null,
      null,
      null,
    ]);
    expect(subjectPath('member', null)).toBeNull();
    // An allocation or a wish is read on its member's page.
    const member = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
    expect([subjectPath('allocation', id, member), subjectPath('wish', id, member), subjectPath('allocation', id)]).toEqual([`/staff/members/${member}`, `/staff/members/${member}`, null]);
  });
});
