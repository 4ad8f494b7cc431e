/**
 * What a member may choose in an offering (PRODUCT.md "Offerings"): per wine a minimum and a
 * maximum, an order minimum in money, and combination rules set by the winery.
 */

export interface WineLimit {
  wineId: string;
  /** Bottles the member must take if they order at all (0: optional). */
  minimum: number;
  /** Bottles the member may take; more is a wish for staff to grant. */
  maximum: number;
  unitPriceCents: number;
}

/** "Whoever takes `wineId` must also take at least `quantity` of `requiresWineId`." */
export interface CombinationRule {
  wineId: string;
  requiresWineId: string;
  quantity: number;
}

export interface SelectionLine {
  wineId: string;
  quantity: number;
}

export type SelectionProblem =
  | { code: 'empty' }
  | { code: 'unknownWine'; wineId: string }
  | { code: 'belowMinimum'; wineId: string; minimum: number }
  | { code: 'aboveMaximum'; wineId: string; maximum: number }
  | { code: 'orderMinimum'; minimumCents: number }
  | { code: 'invalidCombination'; wineId: string; requiresWineId: string; quantity: number };

export interface SelectionRules {
  limits: readonly WineLimit[];
  orderMinimumCents: number;
  combinations?: readonly CombinationRule[];
  /**
   * Bottles per wine the member's earlier orders in this allocation already hold (cancelled ones
   * gave theirs back). A member may add to them up to their maximum while the offering is open.
   */
  taken?: ReadonlyMap<string, number>;
}

export interface CheckOptions {
  /**
   * A choice still being made (saved as the member types): only what could never be ordered is a
   * problem (more than the maximum, a wine outside the allocation). Minimums, combinations, the
   * order minimum and an empty choice wait until the member goes on to pay.
   */
  draft?: boolean;
}

/** A number typed into a quantity field, as the field keeps it: a whole number from 0 to `maximum`. */
export function clampQuantity(value: number, maximum: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(Math.trunc(value), 0), Math.max(0, maximum));
}

/**
 * The limits of one more order once earlier ones are counted: a maximum of 6 with 4 ordered leaves
 * 2, and a minimum of 2 with 2 ordered leaves none.
 */
export function remainingLimits(limits: readonly WineLimit[], taken: ReadonlyMap<string, number> = new Map()): WineLimit[] {
  return limits.map((limit) => {
    const already = taken.get(limit.wineId) ?? 0;
    return { ...limit, minimum: Math.max(0, limit.minimum - already), maximum: Math.max(0, limit.maximum - already) };
  });
}

/** Lines with a quantity above zero, merged per wine (a wine chosen twice counts once, summed). */
export function normaliseSelection(lines: readonly SelectionLine[]): SelectionLine[] {
  const byWine = new Map<string, number>();
  for (const line of lines) {
    if (line.quantity > 0) byWine.set(line.wineId, (byWine.get(line.wineId) ?? 0) + line.quantity);
  }
  return [...byWine].map(([wineId, quantity]) => ({ wineId, quantity }));
}

export function selectionSubtotal(lines: readonly SelectionLine[], limits: readonly WineLimit[]): number {
  const price = new Map(limits.map((limit) => [limit.wineId, limit.unitPriceCents]));
  return normaliseSelection(lines).reduce((sum, line) => sum + (price.get(line.wineId) ?? 0) * line.quantity, 0);
}

/**
 * Every problem with a member's choice, in the order a form shows them (wines, then combinations,
 * then the order minimum); empty when it can be ordered. Quantities above the maximum are problems
 * here: a wish is asked for separately.
 *
 * With earlier orders (`rules.taken`), each wine's limits are what is left of them, while
 * combinations and the order minimum look at everything the member will then hold: a member who
 * ordered $400 may add a single $95 bottle to a $300 minimum.
 */
export function checkSelection(lines: readonly SelectionLine[], rules: SelectionRules, options: CheckOptions = {}): SelectionProblem[] {
  const chosen = normaliseSelection(lines);
  if (chosen.length === 0 && !options.draft) return [{ code: 'empty' }];
  const limits = new Map(remainingLimits(rules.limits, rules.taken).map((limit) => [limit.wineId, limit]));
  const problems: SelectionProblem[] = [];
  for (const line of chosen) {
    const limit = limits.get(line.wineId);
    if (!limit) problems.push({ code: 'unknownWine', wineId: line.wineId });
    else if (line.quantity < limit.minimum && !options.draft) problems.push({ code: 'belowMinimum', wineId: line.wineId, minimum: limit.minimum });
    else if (line.quantity > limit.maximum) problems.push({ code: 'aboveMaximum', wineId: line.wineId, maximum: limit.maximum });
  }
  if (options.draft) return problems;
  const held = normaliseSelection([...chosen, ...[...(rules.taken ?? [])].map(([wineId, quantity]) => ({ wineId, quantity }))]);
  const quantities = new Map(held.map((line) => [line.wineId, line.quantity]));
  for (const rule of rules.combinations ?? []) {
    if ((quantities.get(rule.wineId) ?? 0) > 0 && (quantities.get(rule.requiresWineId) ?? 0) < rule.quantity) {
      problems.push({ code: 'invalidCombination', wineId: rule.wineId, requiresWineId: rule.requiresWineId, quantity: rule.quantity });
    }
  }
  if (selectionSubtotal(held, rules.limits) < rules.orderMinimumCents) problems.push({ code: 'orderMinimum', minimumCents: rules.orderMinimumCents });
  return problems;
}
