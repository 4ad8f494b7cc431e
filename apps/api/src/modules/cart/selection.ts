import {
  checkSelection,
  type CheckOptions,
  formatMoney,
  getAllocationStatus,
  openingState,
  renderValidationMessage,
  type FieldError,
  type SelectionLine,
  type SelectionProblem,
  type WineLimit,
} from '@winery/domain';
import type { OfferingCombination } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AllocationOffer, WineLimitRow } from './cart.repository.js';

/** How a wine is named in messages: "Quella 2021", with the bottle size when it is not the usual 750 ml. */
export function wineLabel(wine: Pick<WineLimitRow, 'name' | 'vintage' | 'sizeMl'>): string {
  const size = wine.sizeMl === 750 ? '' : wine.sizeMl >= 1000 ? ` (${wine.sizeMl / 1000} l)` : ` (${wine.sizeMl} ml)`;
  return `${wine.name} ${wine.vintage}${size}`;
}

export const toWineLimits = (rows: readonly WineLimitRow[]): WineLimit[] =>
  rows.map((row) => ({ wineId: row.offeringWineId, minimum: row.minimum, maximum: row.maximum, unitPriceCents: row.priceCents }));

/**
 * Whether members may still choose and order. Pending orders do not close it: a member who has
 * ordered (thank-you) may order again within the window, up to what their maximum leaves. A
 * cancellation date that has passed closes it early.
 */
export function isOfferingOpen(offer: AllocationOffer, now: Date): boolean {
  if (offer.cancelledAt && offer.cancelledAt.getTime() <= now.getTime()) return false;
  return getAllocationStatus({ id: offer.allocationId, startDate: offer.startDate, endDate: offer.endDate, pendingOrders: [] }, now) === 'offering';
}

/**
 * Refuses a choice or an order outside the member's own window: before their opening (their
 * tier's, else the offering's start) it is not open for them yet; after the close, cancelled, or
 * in a window that closes before it opens (openingState), it is closed.
 */
export function assertOfferingOpen(offer: AllocationOffer, now: Date): void {
  if (isOfferingOpen(offer, now)) return;
  const cancelled = offer.cancelledAt !== null && offer.cancelledAt.getTime() <= now.getTime();
  if (!cancelled && openingState({ opensAt: offer.startDate, closesAt: offer.endDate }, now) === 'before') {
    throw new ApiError('conflict', API_MESSAGES.offeringNotOpenYet);
  }
  throw new ApiError('conflict', API_MESSAGES.offeringClosed);
}

export interface ChoiceRules {
  limits: readonly WineLimitRow[];
  /** Bottles per wine the member's earlier orders in this allocation already hold. */
  taken: ReadonlyMap<string, number>;
  orderMinimumCents: number;
  combinations: readonly OfferingCombination[];
}

/**
 * The domain's checkSelection for a member who may have ordered before: per-wine limits count
 * their earlier orders (a maximum of 6 with 4 ordered leaves 2), combinations and the order
 * minimum look at everything they will then hold. A draft (a choice saved as the member types) is
 * held to each wine's maximum only.
 */
export function choiceProblems(lines: readonly SelectionLine[], rules: ChoiceRules, options: CheckOptions = {}): SelectionProblem[] {
  return checkSelection(
    lines,
    { limits: toWineLimits(rules.limits), taken: rules.taken, orderMinimumCents: rules.orderMinimumCents, combinations: rules.combinations },
    options,
  );
}

/** One field error per problem, in words; combinations and the order minimum concern the whole choice (`lines`). */
export function selectionFieldErrors(problems: readonly SelectionProblem[], limits: readonly WineLimitRow[]): FieldError[] {
  const byId = new Map(limits.map((limit) => [limit.offeringWineId, limit]));
  const label = (wineId: string) => {
    const wine = byId.get(wineId);
    return wine ? wineLabel(wine) : API_MESSAGES.thisWine;
  };
  const errors: FieldError[] = [];
  for (const problem of problems) {
    switch (problem.code) {
      case 'empty':
        errors.push({ field: 'lines', code: 'emptySelection', message: API_MESSAGES.emptySelection });
        break;
      case 'unknownWine':
        errors.push({ field: `lines.${problem.wineId}`, code: 'unknownWine', message: API_MESSAGES.unknownWine });
        break;
      case 'belowMinimum':
        errors.push({
          field: `lines.${problem.wineId}`,
          code: 'belowMinimum',
          message: API_MESSAGES.belowMinimum(label(problem.wineId), problem.minimum),
        });
        break;
      case 'aboveMaximum':
        errors.push({
          field: `lines.${problem.wineId}`,
          code: 'aboveMaximum',
          message: API_MESSAGES.aboveMaximum(label(problem.wineId), problem.maximum),
        });
        break;
      case 'invalidCombination':
        // The seed's sentence once for the whole choice (first, so a client that shows one message
        // shows it), and beside each wine the rule it breaks.
        if (!errors.some((error) => error.field === 'lines' && error.code === 'invalidCombination')) {
          errors.push({ field: 'lines', code: 'invalidCombination', message: renderValidationMessage('invalidCombination') });
        }
        errors.push({
          field: `lines.${problem.wineId}`,
          code: 'invalidCombination',
          message: API_MESSAGES.combinationNeeds(label(problem.wineId), problem.quantity, label(problem.requiresWineId)),
        });
        break;
      case 'orderMinimum':
        errors.push({
          field: 'lines',
          code: 'orderMinimum',
          message: renderValidationMessage('orderMinimum', { amount: formatMoney(problem.minimumCents) }),
        });
        break;
    }
  }
  return errors;
}

/**
 * 400 with every problem as a field error. The top message is the seed's own sentence when the
 * problem concerns the whole choice ('Your order must be a minimum of $300.00'), so a client that
 * shows only the message still says the right thing.
 */
export function selectionError(problems: readonly SelectionProblem[], limits: readonly WineLimitRow[]): ApiError {
  const errors = selectionFieldErrors(problems, limits);
  const whole = errors.find((error) => error.field === 'lines');
  return new ApiError('validationError', whole?.message ?? API_MESSAGES.validation, errors);
}
