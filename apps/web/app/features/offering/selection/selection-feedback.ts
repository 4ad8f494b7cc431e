import {
  checkSelection,
  clampQuantity,
  normaliseSelection,
  selectionSubtotal,
  type Offering,
  type OfferingWine,
  type SelectionLine,
  type SelectionProblem,
  type SelectionRules,
} from '@winery/domain';
import type { FieldError } from '@winery/domain';
import { formatMoney } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { wineTitle } from '../../../lib/wine-format';

/** A member's choice: bottles per wine id. */
export type Quantities = Readonly<Record<string, number>>;

export const selectionRules = (offering: Pick<Offering, 'wines' | 'orderMinimumCents' | 'combinations'>): SelectionRules => ({
  limits: offering.wines.map((wine) => ({
    wineId: wine.id,
    minimum: wine.minimum,
    maximum: wine.maximum,
    unitPriceCents: wine.priceCents,
  })),
  orderMinimumCents: offering.orderMinimumCents,
  combinations: offering.combinations,
  taken: new Map(offering.wines.filter((wine) => wine.ordered > 0).map((wine) => [wine.id, wine.ordered])),
});

/**
 * The most a quantity field may hold: what the member's maximum leaves after their earlier orders,
 * and nothing of a wine that has sold out.
 */
export const choosableMaximum = (wine: Pick<OfferingWine, 'maximum' | 'ordered' | 'available'>): number =>
  wine.available ? Math.max(0, wine.maximum - wine.ordered) : 0;

/**
 * The limit said next to a wine when the member typed more than it allows (the field then holds
 * the limit): the API's own words, "You can order at most 6 bottles of Quella 2022."
 */
export function limitMessage(wine: Pick<OfferingWine, 'name' | 'vintage' | 'sizeMl' | 'maximum' | 'ordered' | 'available'>): string {
  const count = choosableMaximum(wine);
  const name = wineTitle(wine);
  if (count === 0) return i18n.t('common:offering.allocation.noneLeft', { wine: name });
  return wine.ordered > 0
    ? i18n.t('common:offering.allocation.aboveMaximumMore', { count, wine: name })
    : i18n.t('common:offering.allocation.aboveMaximum', { count, wine: name });
}

export const selectionLines = (quantities: Quantities): SelectionLine[] =>
  normaliseSelection(Object.entries(quantities).map(([wineId, quantity]) => ({ wineId, quantity })));

/** What the selection page shows about a choice: messages next to wines, and about the whole order. */
export interface SelectionFeedback {
  subtotalCents: number;
  bottles: number;
  /** Messages next to one wine, by wine id. */
  byWine: Record<string, string[]>;
  /** Messages about the order as a whole (order minimum, combinations), each once; a combination is also said beside its wine. */
  general: string[];
  /** Nothing chosen yet. */
  empty: boolean;
  /** True when the choice can be saved and paid for. */
  valid: boolean;
}

function push(map: Record<string, string[]>, key: string, message: string) {
  const list = (map[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * The words for one problem found by the domain's \`checkSelection\`: the seed's wording where it has
 * some, otherwise the same sentences the API answers with (\`wine\` names the wine, "Quella 2023").
 */
export function problemMessage(problem: SelectionProblem, wine: (wineId: string) => string): string {
  switch (problem.code) {
    case 'empty':
      return i18n.t('common:offering.allocation.chooseSomething');
    case 'unknownWine':
      return i18n.t('common:offering.allocation.unknownWine');
    case 'belowMinimum':
      return i18n.t('common:offering.allocation.belowMinimum', { count: problem.minimum, wine: wine(problem.wineId) });
    case 'aboveMaximum':
      return problem.maximum === 0
        ? i18n.t('common:offering.allocation.noneLeft', { wine: wine(problem.wineId) })
        : i18n.t('common:offering.allocation.aboveMaximum', { count: problem.maximum, wine: wine(problem.wineId) });
    case 'orderMinimum':
      return i18n.t('validation:orderMinimum', { amount: formatMoney(problem.minimumCents) });
    case 'invalidCombination':
      return i18n.t('validation:invalidCombination');
  }
}

/** Beside the wine a combination rule binds: what it needs ("Melbury 2022 (1.5 L) needs at least 3 bottles of Melbury 2022 with it."). */
export function combinationMessage(problem: Extract<SelectionProblem, { code: 'invalidCombination' }>, wine: (wineId: string) => string): string {
  return i18n.t('common:offering.allocation.combinationNeeds', { count: problem.quantity, wine: wine(problem.wineId), required: wine(problem.requiresWineId) });
}

/** Runs the domain's rules on the member's choice, as the server will when the cart is saved. */
export function selectionFeedback(quantities: Quantities, offering: Pick<Offering, 'wines' | 'orderMinimumCents' | 'combinations'>): SelectionFeedback {
  const rules = selectionRules(offering);
  const lines = selectionLines(quantities);
  const problems = checkSelection(lines, rules);
  const names = new Map(offering.wines.map((wine) => [wine.id, wineTitle(wine)]));
  const wine = (wineId: string) => names.get(wineId) ?? i18n.t('common:offering.allocation.thisWine');
  const byWine: Record<string, string[]> = {};
  const general: string[] = [];
  for (const problem of problems) {
    if (problem.code === 'empty') continue;
    const message = problemMessage(problem, wine);
    if (problem.code === 'belowMinimum' || problem.code === 'aboveMaximum' || problem.code === 'unknownWine') {
      push(byWine, problem.wineId, message);
      continue;
    }
    // A combination is said beside the wine it binds, and once for the whole order in the seed's words.
    if (problem.code === 'invalidCombination') push(byWine, problem.wineId, combinationMessage(problem, wine));
    if (!general.includes(message)) general.push(message);
  }
  return {
    subtotalCents: selectionSubtotal(lines, rules.limits),
    bottles: lines.reduce((sum, line) => sum + line.quantity, 0),
    byWine,
    general,
    empty: lines.length === 0,
    valid: problems.length === 0,
  };
}

/**
 * The server's refusal of a cart, placed as the page shows its own checks: `lines.<wineId>` next
 * to that wine, anything else about the whole order; the top message when no field was named.
 */
export function cartErrorFeedback(errors: readonly FieldError[], message: string): Pick<SelectionFeedback, 'byWine' | 'general'> {
  const byWine: Record<string, string[]> = {};
  const general: string[] = [];
  for (const error of errors) {
    const match = /^lines\.(.+)$/.exec(error.field);
    if (match?.[1]) push(byWine, match[1], error.message);
    else if (!general.includes(error.message)) general.push(error.message);
  }
  if (errors.length === 0 && message) general.push(message);
  return { byWine, general };
}

/**
 * Quantities as the page starts them: a saved cart's lines for this offering, else nothing chosen;
 * never more than a wine still allows (nothing of one sold out since).
 */
export function initialQuantities(
  wines: readonly Pick<OfferingWine, 'id' | 'available' | 'maximum' | 'ordered'>[],
  cartLines: readonly SelectionLine[] | null | undefined,
): Record<string, number> {
  const saved = new Map((cartLines ?? []).map((line) => [line.wineId, line.quantity]));
  return Object.fromEntries(wines.map((wine) => [wine.id, clampQuantity(saved.get(wine.id) ?? 0, choosableMaximum(wine))]));
}

/**
 * The winery's combination rules, said up front next to the wine they limit ("With at least 3
 * bottles of Melbury 2022"), so the seed's 'Invalid allocation combination' rarely has to be.
 */
export function combinationConditions(offering: Pick<Offering, 'wines' | 'combinations'>): Record<string, string[]> {
  const names = new Map(offering.wines.map((wine) => [wine.id, wineTitle(wine)]));
  const conditions: Record<string, string[]> = {};
  for (const rule of offering.combinations) {
    const required = names.get(rule.requiresWineId);
    if (required) push(conditions, rule.wineId, i18n.t('common:offering.allocation.requires', { count: rule.quantity, wine: required }));
  }
  return conditions;
}
