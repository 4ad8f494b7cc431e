/** Tones a status may take; each page maps its own states to one. */
export type BadgeTone = 'neutral' | 'positive' | 'attention' | 'negative' | 'quiet';

/** A short state in words (never colour alone). */
export function StatusBadge({ tone = 'neutral', children }: { tone?: BadgeTone; children: string }) {
  return <span className={`staff-badge staff-badge--${tone}`}>{children}</span>;
}
