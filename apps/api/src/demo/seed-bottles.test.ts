import { describe, expect, it } from 'vitest';
import { normaliseBottleId } from '@winery/domain';
import { DEMO_BOTTLE_COUNTS, demoBottles } from './seed-bottles.js';

describe('demo bottles', () => {
  it('are 300 unique, well-formed IDs numbered 1..n per wine, the same on every run', () => {
    const list = demoBottles();
    expect(list).toHaveLength(300);
    expect(new Set(list.map((bottle) => bottle.bottleId)).size).toBe(300);
    expect(list.every((bottle) => normaliseBottleId(bottle.bottleId) === bottle.bottleId)).toBe(true);
    for (const [wine, count] of Object.entries(DEMO_BOTTLE_COUNTS)) {
      expect(list.filter((bottle) => bottle.wine === wine).map((bottle) => bottle.bottleNumber)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
    // The README's examples.
    expect(list).toContainEqual({ bottleId: 'SHWH-RCNG', wine: 'melbury22', bottleNumber: 1 });
    expect(list).toContainEqual({ bottleId: 'BJYZ-R87W', wine: 'pluribus22', bottleNumber: 1 });
    expect(list).toContainEqual({ bottleId: '4FWJ-388T', wine: 'vecina19', bottleNumber: 12 });
  });
});
