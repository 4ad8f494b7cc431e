import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-error';

/** Something is being read: announced once, politely. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('staff');
  return (
    <p className="staff-state staff-state--loading" role="status">
      <span className="staff-state__spinner" aria-hidden="true" />
      {label ?? t('states.loading')}
    </p>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="staff-state staff-state--empty">
      <p className="staff-state__title">{title}</p>
      {children ? <div className="staff-state__body">{children}</div> : null}
    </div>
  );
}

/** A read that failed: the API's own words when it sent any, and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('staff');
  return (
    <div className="staff-state staff-state--error" role="alert">
      <p className="staff-state__title">{errorMessage(error, t('states.error'))}</p>
      {onRetry ? (
        <button type="button" className="button button--small button--quiet" onClick={onRetry}>
          {t('states.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** The "Load more" under a paged list. */
export function LoadMore({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const { t } = useTranslation('staff');
  if (!hasMore) return null;
  return (
    <div className="staff-load-more">
      <button type="button" className="button button--small button--quiet" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        <span className="button__spinner" aria-hidden="true" />
        {t('states.loadMore')}
      </button>
    </div>
  );
}

/** Where a viewer would find a write control: said once per page, instead of the controls. */
export function ReadOnlyNote() {
  const { t } = useTranslation('staff');
  return (
    <p className="staff-read-only" data-testid="read-only-note">
      {t('states.readOnly')}
    </p>
  );
}
