import { describe, expect, it } from 'vitest';
import { renderValidationMessage } from './validation.js';

describe('renderValidationMessage', () => {
  it('fills placeholders', () => {
    expect(renderValidationMessage('tooShort', { limit: 3 })).toBe(
      'This should not be shorter than 3 characters',
    );
  });
  it('keeps a placeholder without a value visible', () => {
    expect(renderValidationMessage('tooShort')).toBe('This should not be shorter than {{limit}} characters');
  });
  it('returns an unknown key as it is', () => {
    expect(renderValidationMessage('Some server text')).toBe('Some server text');
  });
});
