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

/** Top-left, closing by itself after 3 s (seed §2). */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-left"
      duration={TOAST_DURATION_MS}
      style={palette}
      toastOptions={{ className: 'toast', descriptionClassName: 'toast__description' }}
    />
  );
}
