import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Card } from '@winery/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { toastFailure } from '../../lib/form-errors';
import { formatCardExpiry } from '../../lib/format';
import { AccountHeader, EmptyState, LoadFailed } from '../account/account-layout';
import { CardForm } from './card-form';
import { cardBrandName } from '../../lib/card-brand';
import { useCards, useRemoveCard, useSetDefaultCard } from './cards.api';
import { SavedCard } from './saved-card';

/** /profile/cards */
export function CardsPage() {
  const { t } = useTranslation(['common', 'notification']);
  const cards = useCards();
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Card | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // The form is gone once done: focus goes back to the button that opened it, not to the page's top.
  const closeForm = () => {
    setAdding(false);
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  const onSetDefault = async (card: Card) => {
    try {
      await setDefault.mutateAsync(card.id);
      toast.success(t('notification:card.setDefaultSuccess'));
    } catch (error) {
      toastFailure(t('notification:card.setDefaultFailed'), error);
    }
  };

  const onRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(t('notification:card.removeSuccess'));
    } catch (error) {
      toastFailure(t('notification:card.removeFailed'), error);
    } finally {
      setRemoving(null);
    }
  };

  const list = cards.data ?? [];
  const busy = setDefault.isPending || remove.isPending;
  const addButton = (
    <button ref={addButtonRef} type="button" className="button button--primary" onClick={() => setAdding(true)}>
      {t('cards.add')}
    </button>
  );

  let body: React.ReactNode;
  if (cards.isError) {
    body = <LoadFailed message={errorMessage(cards.error, t('cards.loadFailed'))} onRetry={() => void cards.refetch()} />;
  } else if (cards.isPending) {
    body = <PageLoading label={t('cards.loading')} />;
  } else if (list.length === 0) {
    body = adding ? null : <EmptyState title={t('cards.empty')} hint={t('cards.emptyHint')}>{addButton}</EmptyState>;
  } else {
    body = (
      <ul className="saved-list" aria-label={t('cards.listLabel')}>
        {list.map((card) => (
          <li key={card.id} className="saved-list__item">
            <SavedCard card={card} busy={busy} onSetDefault={() => void onSetDefault(card)} onRemove={() => setRemoving(card)} />
          </li>
        ))}
      </ul>
    );
  }

  const removingName = removing
    ? `${cardBrandName(removing.brand)} ${t('cards.endingIn', { last4: removing.last4 })} (${formatCardExpiry(removing.expMonth, removing.expYear)})`
    : '';

  return (
    <div className="account-section">
      <AccountHeader title={t('cards.heading')} intro={t('cards.intro')}>
        {cards.isSuccess && list.length > 0 && !adding ? addButton : null}
      </AccountHeader>
      {adding ? (
        <div className="card account-card account-card--form">
          <CardForm firstCard={list.length === 0} onDone={closeForm} />
        </div>
      ) : null}
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={t('cards.removeTitle')}
        body={t('cards.removeBody', { card: removingName })}
        confirmLabel={t('cards.removeConfirm')}
        cancelLabel={t('cards.keep')}
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
