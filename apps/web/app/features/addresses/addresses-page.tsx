import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Address, AddressPurpose } from '@winery/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { toastFailure } from '../../lib/form-errors';
import { AccountHeader, EmptyState, LoadFailed } from '../account/account-layout';
import { AddressCard } from './address-card';
import { AddressForm } from './address-form';
import { addressSummary } from './address-format';
import { useAddresses, useChooseAddress, useRemoveAddress } from './addresses.api';

/** Which form is open: a new address, one being edited (by id), or none. */
type Editing = 'new' | string | null;

/** /profile/addresses */
export function AddressesPage() {
  const { t } = useTranslation(['common', 'notification']);
  const addresses = useAddresses();
  const choose = useChooseAddress();
  const remove = useRemoveAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Address | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // The form is gone once done: focus goes back to the button that opened it, not to the page's top.
  const closeNewForm = () => {
    setEditing(null);
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  const onChoose = async (address: Address, purpose: AddressPurpose) => {
    const key = purpose === 'shipping' ? 'chooseShipping' : 'chooseBilling';
    try {
      await choose.mutateAsync({ id: address.id, purpose });
      toast.success(t(`notification:address.${key}Success`));
    } catch (error) {
      toastFailure(t(`notification:address.${key}Failed`), error);
    }
  };

  const onRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(t('notification:address.removeSuccess'));
      setRemoving(null);
    } catch (error) {
      setRemoving(null);
      toastFailure(t('notification:address.removeFailed'), error);
    }
  };

  const list = addresses.data ?? [];
  const busy = choose.isPending || remove.isPending;
  const addButton = (
    <button ref={addButtonRef} type="button" className="button button--primary" onClick={() => setEditing('new')}>
      {t('addresses.add')}
    </button>
  );

  let body: React.ReactNode;
  if (addresses.isError) {
    body = <LoadFailed message={errorMessage(addresses.error, t('addresses.loadFailed'))} onRetry={() => void addresses.refetch()} />;
  } else if (addresses.isPending) {
    body = <PageLoading label={t('addresses.loading')} />;
  } else if (list.length === 0) {
    body = editing === 'new' ? null : <EmptyState title={t('addresses.empty')} hint={t('addresses.emptyHint')}>{addButton}</EmptyState>;
  } else {
    body = (
      <ul className="saved-list" aria-label={t('addresses.listLabel')}>
        {list.map((address) => (
          <li key={address.id} className={editing === address.id ? 'saved-list__item saved-list__item--wide' : 'saved-list__item'}>
            {editing === address.id ? (
              <div className="card">
                <AddressForm address={address} onDone={() => setEditing(null)} />
              </div>
            ) : (
              <AddressCard
                address={address}
                busy={busy}
                onEdit={() => setEditing(address.id)}
                onRemove={() => setRemoving(address)}
                onChoose={(purpose) => void onChoose(address, purpose)}
              />
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="account-section">
      <AccountHeader title={t('addresses.heading')} intro={t('addresses.intro')}>
        {addresses.isSuccess && list.length > 0 && editing !== 'new' ? addButton : null}
      </AccountHeader>
      {editing === 'new' ? (
        <div className="card account-card account-card--form">
          <AddressForm onDone={closeNewForm} />
        </div>
      ) : null}
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={t('addresses.removeTitle')}
        body={removing ? t('addresses.removeBody', { address: addressSummary(removing) }) : ''}
        confirmLabel={t('addresses.removeConfirm')}
        cancelLabel={t('addresses.keep')}
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
