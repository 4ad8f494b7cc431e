/**
 * Only a path on this site may be a redirect target: it starts with one slash, not two, and has
 * no backslash or scheme trickery, so a crafted link cannot send a member elsewhere.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/profile'): string {
  if (!target) return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(value, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return fallback;
  } catch {
    return fallback;
  }
  return value;
}
