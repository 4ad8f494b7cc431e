/**
 * How waiting wishes share the bottles left of one wine (the staff console's "grant all").
 *
 * - proRata: each gets floor(left × asked / totalAsked); the bottles that leaves over go one by
 *   one to the largest fractions, ties to the earliest request. When everything asked fits,
 *   everyone gets what they asked.
 * - tenure: oldest members first (member since, else account creation; then the earliest
 *   request), each gets min(asked, what is still left).
 *
 * Never more than asked, never more in total than left.
 */
export interface WishClaim {
  id: string;
  asked: number;
  /** ISO instant (or date) the wish was made. */
  requestedAt: string;
  /** ISO date the member joined (null: use memberCreatedAt). */
  memberSince: string | null;
  memberCreatedAt: string;
}

export type GrantRule = 'proRata' | 'tenure';

const time = (value: string) => Date.parse(value);
const byRequest = (a: WishClaim, b: WishClaim) => time(a.requestedAt) - time(b.requestedAt) || a.id.localeCompare(b.id);

/** Bottles granted per wish id, for one wine with `left` bottles. */
export function allocateWishGrants(claims: readonly WishClaim[], left: number, rule: GrantRule): Map<string, number> {
  const available = Math.max(0, Math.floor(left));
  const granted = new Map<string, number>(claims.map((claim) => [claim.id, 0]));
  const asking = claims.filter((claim) => claim.asked > 0);
  const totalAsked = asking.reduce((sum, claim) => sum + claim.asked, 0);
  if (totalAsked <= available) {
    for (const claim of asking) granted.set(claim.id, claim.asked);
    return granted;
  }
  if (rule === 'tenure') {
    const seniority = (claim: WishClaim) => time(claim.memberSince ?? claim.memberCreatedAt);
    const order = [...asking].sort((a, b) => seniority(a) - seniority(b) || byRequest(a, b));
    let remaining = available;
    for (const claim of order) {
      const share = Math.min(claim.asked, remaining);
      granted.set(claim.id, share);
      remaining -= share;
    }
    return granted;
  }
  // Integer arithmetic: share = floor(available × asked / total), fraction = the remainder.
  const shares = asking.map((claim) => {
    const product = available * claim.asked;
    return { claim, share: Math.floor(product / totalAsked), fraction: product % totalAsked };
  });
  let remaining = available - shares.reduce((sum, entry) => sum + entry.share, 0);
  const byFraction = [...shares].sort((a, b) => b.fraction - a.fraction || byRequest(a.claim, b.claim));
  for (const entry of byFraction) {
    if (remaining <= 0) break;
    if (entry.share < entry.claim.asked) {
      entry.share += 1;
      remaining -= 1;
    }
  }
  for (const entry of shares) granted.set(entry.claim.id, entry.share);
  return granted;
}
