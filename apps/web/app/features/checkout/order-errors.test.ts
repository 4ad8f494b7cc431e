import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { classifyOrderError } from './order-errors';

const answer = (status: number, message: string, errors: { field: string; code: string; message: string }[] = []) =>
  new ApiError({ status, type: status === 409 ? 'conflict' : 'validationError', message, errors, sentToken: true });

describe('what a refused order means for the member', () => {
  it('sends a sold-out wine back to the allocation, with its words', () => {
    const message = 'Sorry, Quella 2023 has just sold out. Please change your order.';
    expect(classifyOrderError(answer(409, message, [{ field: 'lines.x', code: 'soldOut', message }]), 'x')).toEqual({ kind: 'soldOut', message });
    expect(classifyOrderError(answer(409, message), 'x')).toEqual({ kind: 'soldOut', message });
  });

  it('sends a card problem to the payment step', () => {
    expect(classifyOrderError(answer(400, 'The credit card was declined.'), 'x')).toEqual({ kind: 'payment', message: 'The credit card was declined.' });
    const unable = 'Unable to process card. Please verify your information.';
    expect(classifyOrderError(answer(400, unable, [{ field: 'payment', code: 'cardError', message: unable }]), 'x').kind).toBe('payment');
  });

  it('tells a closed offering and an address the winery cannot ship to apart', () => {
    expect(classifyOrderError(answer(409, 'This offering is closed.'), 'x')).toEqual({ kind: 'closed', message: 'This offering is closed.' });
    const utah = 'Sorry, we cannot ship to Utah.';
    expect(classifyOrderError(answer(400, 'Validation failed', [{ field: 'delivery.shippingAddressId', code: 'cannotShip', message: utah }]), 'x')).toEqual({
      kind: 'address',
      message: utah,
    });
  });

  it('puts a gift message the server refused back by its field', () => {
    const tooLong = 'This text is too long';
    expect(classifyOrderError(answer(400, 'Please check the highlighted fields', [{ field: 'giftMessage', code: 'tooLong', message: tooLong }]), 'x')).toEqual({
      kind: 'giftMessage',
      message: tooLong,
    });
  });

  it('uses the fallback words when there was no answer at all', () => {
    expect(classifyOrderError(new TypeError('Failed to fetch'), 'We could not place your order.')).toEqual({ kind: 'other', message: 'We could not place your order.' });
  });
});
