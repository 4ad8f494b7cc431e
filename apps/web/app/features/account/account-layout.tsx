import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountNavigation } from './account-navigation';

/** The frame of every /profile page: the account's navigation beside the page's own content. */
export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page account">
      <div className="account__layout">
        <AccountNavigation />
        <div className="account__content">{children}</div>
      </div>
    </div>
  );
}

/** Each account page's heading: the "Members" eyebrow, its <h1> and a sentence about it. */
export function AccountHeader({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="account-header">
      <div>
        <p className="eyebrow">{t('profile.eyebrow')}</p>
        <h1 className="page-title">{title}</h1>
        {intro ? <p className="account-header__intro">{intro}</p> : null}
      </div>
      {children ? <div className="account-header__actions">{children}</div> : null}
    </header>
  );
}

/** A failed list: what happened, and a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert--error" role="alert">
      <p className="alert__title">{message}</p>
      <button type="button" className="button button--quiet" onClick={onRetry}>
        {t('account.retry')}
      </button>
    </div>
  );
}

/** What an empty list says, instead of nothing at all. */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <p className="empty-state__title">{title}</p>
      {hint ? <p className="muted">{hint}</p> : null}
      {children}
    </div>
  );
}
