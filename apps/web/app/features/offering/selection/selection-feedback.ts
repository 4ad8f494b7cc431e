import {
  checkSelection,
  normaliseSelection,
  selectionSubtotal,
  type Offering,
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
});

export const selectionLines = (quantities: Quantities): SelectionLine[] =>
  normaliseSelection(Object.entries(quantities).map(([wineId, quantity]) => ({ wineId, quantity })));

/** What the selection page shows about a choice: messages next to wines, and about the whole order. */
export interface SelectionFeedback {
  subtotalCents: number;
  bottles: number;
  /** Messages next to one wine, by wine id. */
  byWine: Record<string, string[]>;
  /** Messages about the order as a whole (order minimum, combinations), each once. */
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
    } else if (!general.includes(message)) {
      general.push(message);
    }
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

/** Quantities as the page starts them: a saved cart's lines for this offering, else nothing chosen. */
export function initialQuantities(
  wines: readonly { id: string; available: boolean }[],
  cartLines: readonly SelectionLine[] | null | undefined,
): Record<string, number> {
  const saved = new Map((cartLines ?? []).map((line) => [line.wineId, line.quantity]));
  return Object.fromEntries(wines.map((wine) => [wine.id, wine.available ? (saved.get(wine.id) ?? 0) : 0]));
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
