import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '@winery/domain';

// Sonner reads its colours from these custom properties.
const palette = {
  '--normal-bg': '#1c1915',
  '--normal-text': '#f6f1e7',
  '--normal-border': 'rgb(168 138 79 / 0.6)',
  '--border-radius': '2px',
  fontFamily: 'var(--font-text)',
} as CSSProperties;

/**
 * Top-left, closing by itself after 3 s (seed §2); on the site, below its header
 * (--toast-offset-top, styles/tokens.css): over it a toast hid the logo and, on a phone, the menu
 * button for its 3 s, right after signing in. The console, with no such header, keeps Sonner's own
 * 24 px (16 px on a phone).
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-left"
      offset={{ top: 'var(--toast-offset-top, 24px)' }}
      mobileOffset={{ top: 'var(--toast-offset-top, 16px)' }}
      duration={TOAST_DURATION_MS}
      style={palette}
      toastOptions={{ className: 'toast', descriptionClassName: 'toast__description' }}
    />
  );
}
