import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/profile', '/offering/letter?x=1', '/profile#cards'])('keeps the site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'profile'])(
    'falls back to /profile for %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/profile');
    },
  );
});
