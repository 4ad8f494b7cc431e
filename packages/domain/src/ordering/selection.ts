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
  | { code: 'invalidCombination'; wineId: string; requiresWineId: string };

export interface SelectionRules {
  limits: readonly WineLimit[];
  orderMinimumCents: number;
  combinations?: readonly CombinationRule[];
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
 * Every problem with a member's choice, in the order a form shows them; empty when it can be
 * ordered. Quantities above the maximum are problems here: a wish is asked for separately.
 */
export function checkSelection(lines: readonly SelectionLine[], rules: SelectionRules): SelectionProblem[] {
  const chosen = normaliseSelection(lines);
  if (chosen.length === 0) return [{ code: 'empty' }];
  const limits = new Map(rules.limits.map((limit) => [limit.wineId, limit]));
  const problems: SelectionProblem[] = [];
  for (const line of chosen) {
    const limit = limits.get(line.wineId);
    if (!limit) problems.push({ code: 'unknownWine', wineId: line.wineId });
    else if (line.quantity < limit.minimum) problems.push({ code: 'belowMinimum', wineId: line.wineId, minimum: limit.minimum });
    else if (line.quantity > limit.maximum) problems.push({ code: 'aboveMaximum', wineId: line.wineId, maximum: limit.maximum });
  }
  const quantities = new Map(chosen.map((line) => [line.wineId, line.quantity]));
  for (const rule of rules.combinations ?? []) {
    if ((quantities.get(rule.wineId) ?? 0) > 0 && (quantities.get(rule.requiresWineId) ?? 0) < rule.quantity) {
      problems.push({ code: 'invalidCombination', wineId: rule.wineId, requiresWineId: rule.requiresWineId });
    }
  }
  const subtotal = selectionSubtotal(chosen, rules.limits);
  if (subtotal < rules.orderMinimumCents) problems.push({ code: 'orderMinimum', minimumCents: rules.orderMinimumCents });
  return problems;
}
