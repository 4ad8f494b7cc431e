import { describe, expect, it } from 'vitest';
import { hasUnsavedRules, storedMarkdownOf } from './list-rules-draft';

describe('storedMarkdownOf', () => {
  it('keeps written rules exactly, surrounding spaces and newlines included', () => {
    expect(storedMarkdownOf('## Our list\n\n- one\n')).toBe('## Our list\n\n- one\n');
    expect(storedMarkdownOf('  indented')).toBe('  indented');
  });

  it('takes blank Markdown for no rules at all', () => {
    expect(storedMarkdownOf('')).toBe('');
    expect(storedMarkdownOf(' \n\t\n')).toBe('');
  });
});

describe('hasUnsavedRules', () => {
  it('is false while the draft is what was saved', () => {
    expect(hasUnsavedRules('## Rules', '## Rules')).toBe(false);
    expect(hasUnsavedRules('', '')).toBe(false);
  });

  it('is false for blank lines typed into empty rules: saving would change nothing', () => {
    expect(hasUnsavedRules('', '\n  \n')).toBe(false);
  });

  it('is true for any change to written rules, a trailing newline included', () => {
    expect(hasUnsavedRules('## Rules', '## Rules.')).toBe(true);
    expect(hasUnsavedRules('## Rules', '## Rules\n')).toBe(true);
    expect(hasUnsavedRules('', 'First rule')).toBe(true);
  });

  it('is true when written rules are cleared, which takes them down', () => {
    expect(hasUnsavedRules('## Rules', '')).toBe(true);
    expect(hasUnsavedRules('## Rules', '   ')).toBe(true);
  });
});
