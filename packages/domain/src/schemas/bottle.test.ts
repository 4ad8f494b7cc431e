import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { BottleVerificationSchema, normaliseBottleId } from './bottle.js';

describe('bottle IDs', () => {
  it('accept upper or lower case, with or without the dash, spaces trimmed', () => {
    for (const typed of ['A123-B89Z', 'a123-b89z', 'A123B89Z', '  a123b89z ', 'a123-B89z']) {
      expect(normaliseBottleId(typed)).toBe('A123-B89Z');
    }
  });

  it('refuse seven or nine characters, a dash elsewhere, and other signs', () => {
    for (const typed of ['A123-B89', 'A123-B89ZZ', 'A12-3B89Z', 'A123_B89Z', 'A123 B89Z', 'A123--B89Z', 'Ä123-B89Z']) {
      expect(normaliseBottleId(typed)).toBeNull();
    }
  });

  it('give the field messages of seed §5', () => {
    expect(fieldMessages(BottleVerificationSchema, { bottleId: '  ' })).toEqual({ bottleId: 'Please enter the bottle ID' });
    expect(fieldMessages(BottleVerificationSchema, { bottleId: 'A123' })).toEqual({
      bottleId: 'Bottle ID must be 8 characters in the format A123-B89Z',
    });
    expect(BottleVerificationSchema.parse({ bottleId: 'a123b89z' })).toEqual({ bottleId: 'A123-B89Z' });
  });
});
