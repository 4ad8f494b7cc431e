import type { ReactNode } from 'react';

/** The opening of a brochure page: eyebrow, the page's one h1, and a lede. */
export function BrochureHeader({ eyebrow, title, lede, children }: { eyebrow: string; title: string; lede?: string; children?: ReactNode }) {
  return (
    <header className="brochure-header">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="brochure-header__title">{title}</h1>
      <span className="gold-rule" aria-hidden="true" />
      {lede ? <p className="brochure-header__lede">{lede}</p> : null}
      {children}
    </header>
  );
}
