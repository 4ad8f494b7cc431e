import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMessages } from '../testing/messages.js';
import { GIFT_MESSAGE_MAX_LENGTH, GiftMessageSchema } from './order.js';

const form = z.object({ giftMessage: GiftMessageSchema });

describe('GiftMessageSchema', () => {
  it('keeps a message trimmed, line breaks and all', () => {
    expect(form.parse({ giftMessage: '  Happy birthday, Sam!\nWith love, Ada  ' })).toEqual({ giftMessage: 'Happy birthday, Sam!\nWith love, Ada' });
  });

  it('reads a missing, empty or blank message as none', () => {
    expect(form.parse({}).giftMessage).toBeUndefined();
    expect(form.parse({ giftMessage: '' }).giftMessage).toBeUndefined();
    expect(form.parse({ giftMessage: ' \n ' }).giftMessage).toBeUndefined();
  });

  it(`takes ${GIFT_MESSAGE_MAX_LENGTH} characters and refuses one more as too long`, () => {
    expect(form.parse({ giftMessage: 'a'.repeat(GIFT_MESSAGE_MAX_LENGTH) }).giftMessage).toHaveLength(GIFT_MESSAGE_MAX_LENGTH);
    expect(fieldMessages(form, { giftMessage: 'a'.repeat(GIFT_MESSAGE_MAX_LENGTH + 1) })).toEqual({ giftMessage: 'This text is too long' });
  });

  it('refuses control characters other than line breaks and tabs', () => {
    expect(fieldMessages(form, { giftMessage: 'Cheers\u0000' })).toEqual({ giftMessage: expect.any(String) });
  });
});
