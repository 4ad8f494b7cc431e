import type { ReactNode } from 'react';

/** The top of a console page: its title (the page's one h1), a line under it, and its actions. */
export function PageHeader({ title, lede, actions, eyebrow }: { title: string; lede?: ReactNode; actions?: ReactNode; eyebrow?: ReactNode }) {
  return (
    <header className="staff-page-header">
      <div className="staff-page-header__text">
        {eyebrow ? <p className="staff-page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="staff-page-header__title">{title}</h1>
        {lede ? <p className="staff-page-header__lede">{lede}</p> : null}
      </div>
      {actions ? <div className="staff-page-header__actions">{actions}</div> : null}
    </header>
  );
}

/** A titled block of a page (a form section, a table). */
export function Section({ title, id, children, actions }: { title: string; id?: string; children: ReactNode; actions?: ReactNode }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section className="staff-section" aria-labelledby={headingId} id={id}>
      <div className="staff-section__head">
        <h2 className="staff-section__title" id={headingId}>
          {title}
        </h2>
        {actions ? <div className="staff-section__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
