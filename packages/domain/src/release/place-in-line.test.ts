import { describe, expect, it } from 'vitest';
import { estimateAdmission, placeAmong, PlaceInLineInputSchema, seasonOf } from './place-in-line.js';

const at = (iso: string) => new Date(iso);
const request = (id: string, iso: string) => ({ id, requestedAt: at(iso) });

describe('placeAmong', () => {
  const pending = [
    request('c', '2026-03-01T10:00:00Z'),
    request('a', '2026-01-01T10:00:00Z'),
    request('b', '2026-02-01T10:00:00Z'),
  ];

  it('counts the earlier requests ahead, whatever order they come in', () => {
    expect(placeAmong(request('b', '2026-02-01T10:00:00Z'), pending)).toEqual({ position: 2, aheadOfYou: 1, waiting: 3 });
    expect(placeAmong(request('a', '2026-01-01T10:00:00Z'), pending)).toEqual({ position: 1, aheadOfYou: 0, waiting: 3 });
    expect(placeAmong(request('c', '2026-03-01T10:00:00Z'), pending)).toEqual({ position: 3, aheadOfYou: 2, waiting: 3 });
  });

  it('breaks a tie at the same instant by id, so two readers never see the same place', () => {
    const same = [request('y', '2026-01-01T10:00:00Z'), request('x', '2026-01-01T10:00:00Z')];
    expect(placeAmong(same[0]!, same)?.position).toBe(2);
    expect(placeAmong(same[1]!, same)?.position).toBe(1);
  });

  it('a millisecond earlier is ahead', () => {
    const list = [request('z', '2026-01-01T10:00:00.000Z'), request('a', '2026-01-01T10:00:00.001Z')];
    expect(placeAmong(list[1]!, list)?.position).toBe(2);
  });

  it('has no place for a request that is not pending', () => {
    expect(placeAmong(request('gone', '2026-01-01T10:00:00Z'), pending)).toBeNull();
  });
});

describe('estimateAdmission', () => {
  const now = at('2026-11-25T12:00:00Z');
  // Offerings every 90 days or so: Feb, May, Aug, Nov 2026.
  const starts = ['2025-11-01', '2026-02-01', '2026-05-01', '2026-08-01', '2026-11-01'].map((d) => at(`${d}T16:00:00Z`));
  const approvalsIn = (from: string, count: number) => Array.from({ length: count }, (_, i) => new Date(at(from).getTime() + i * 60_000));

  it('averages the approvals of the last three periods and counts whole offerings', () => {
    const approvals = [...approvalsIn('2026-03-01T00:00:00Z', 8), ...approvalsIn('2026-06-01T00:00:00Z', 8), ...approvalsIn('2026-09-01T00:00:00Z', 8)];
    const estimate = estimateAdmission({ position: 12, offeringStarts: starts, approvals, now });
    expect(estimate?.admittedPerOffering).toBe(8);
    expect(estimate?.offerings).toBe(2);
    // The gap is 91 days on average from 2026-02-01 to 2026-11-01 (273 days / 3).
    expect(estimate?.likelyBy).toBe(new Date(at('2026-11-01T16:00:00Z').getTime() + 2 * 91 * 86_400_000).toISOString());
  });

  it('counts an approval at an offering start for the period it closes, and not one just after the first start', () => {
    const first = at('2026-02-01T16:00:00Z');
    const estimate = estimateAdmission({ position: 1, offeringStarts: starts, approvals: [first, at('2026-05-01T16:00:00Z'), at('2026-11-01T16:00:00Z')], now });
    // The first start is the open end of the oldest period: only two of the three count.
    expect(estimate?.admittedPerOffering).toBe(0.7);
    expect(estimateAdmission({ position: 1, offeringStarts: starts, approvals: [new Date(first.getTime() + 1)], now })?.admittedPerOffering).toBe(0.3);
  });

  it('ignores approvals after the latest start (the period still running) and offerings yet to start', () => {
    const future = [...starts, at('2027-02-01T16:00:00Z')];
    const approvals = [...approvalsIn('2026-06-01T00:00:00Z', 3), ...approvalsIn('2026-11-10T00:00:00Z', 50)];
    expect(estimateAdmission({ position: 3, offeringStarts: future, approvals, now })).toMatchObject({ offerings: 3, admittedPerOffering: 1 });
  });

  it('position exactly a multiple of the pace is that many offerings, one more is the next', () => {
    const approvals = approvalsIn('2026-06-01T00:00:00Z', 15);
    expect(estimateAdmission({ position: 5, offeringStarts: starts, approvals, now })?.offerings).toBe(1);
    expect(estimateAdmission({ position: 6, offeringStarts: starts, approvals, now })?.offerings).toBe(2);
  });

  it('has no estimate with fewer than two offerings started, or nobody admitted', () => {
    expect(estimateAdmission({ position: 1, offeringStarts: [starts[4]!], approvals: approvalsIn('2026-06-01T00:00:00Z', 5), now })).toBeNull();
    expect(estimateAdmission({ position: 1, offeringStarts: [], approvals: [], now })).toBeNull();
    expect(estimateAdmission({ position: 1, offeringStarts: starts, approvals: [], now })).toBeNull();
  });

  it('uses what history there is: two offerings make one period', () => {
    const two = [at('2026-05-01T00:00:00Z'), at('2026-08-01T00:00:00Z')];
    const estimate = estimateAdmission({ position: 4, offeringStarts: two, approvals: approvalsIn('2026-06-01T00:00:00Z', 2), now });
    expect(estimate).toMatchObject({ offerings: 2, admittedPerOffering: 2 });
    // 92-day gap: 2026-11-01 is past, so the next is 2027-02-01, and the one after that 2027-05-04.
    expect(estimate?.likelyBy).toBe(new Date(at('2026-08-01T00:00:00Z').getTime() + 3 * 92 * 86_400_000).toISOString());
  });

  it('never dates the likely offering in the past when the winery is late', () => {
    const two = [at('2024-01-01T00:00:00Z'), at('2024-04-01T00:00:00Z')];
    const estimate = estimateAdmission({ position: 1, offeringStarts: two, approvals: [at('2024-02-01T00:00:00Z')], now });
    expect(Date.parse(estimate!.likelyBy!)).toBeGreaterThan(now.getTime());
  });
});

describe('seasonOf', () => {
  it('names the season and year at the month boundaries', () => {
    expect(seasonOf('2027-02-28T23:59:59Z')).toEqual({ season: 'winter', year: 2027 });
    expect(seasonOf('2027-03-01T00:00:00Z')).toEqual({ season: 'spring', year: 2027 });
    expect(seasonOf('2026-12-01T00:00:00Z')).toEqual({ season: 'winter', year: 2026 });
    expect(seasonOf('2026-09-01T00:00:00Z')).toEqual({ season: 'autumn', year: 2026 });
    expect(seasonOf('2026-06-01T06:00:00Z', 'America/Los_Angeles')).toEqual({ season: 'spring', year: 2026 });
  });
});

describe('PlaceInLineInputSchema', () => {
  it('refuses an empty or overlong token with the link message', () => {
    for (const token of ['', 'x'.repeat(257)]) {
      const result = PlaceInLineInputSchema.safeParse({ token });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('placeLinkInvalid');
    }
  });
});
