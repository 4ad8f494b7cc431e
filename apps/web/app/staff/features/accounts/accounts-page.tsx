import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '@winery/domain';
import { Confirm } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { DateTime } from '../../components/date-time';
import { PageHeader, Section } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffMe, useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { useChangeRole, useDeactivate, useReactivate, useResendInvitation, type StaffAccount } from './accounts.api';
import { InviteForm } from './invite-form';

function AccountState({ account }: { account: StaffAccount }) {
  const { t } = useTranslation('staff');
  if (!account.active) return <StatusBadge tone="negative">{t('accounts.state.deactivated')}</StatusBadge>;
  if (account.invitationPending) return <StatusBadge tone="attention">{t('accounts.state.invited')}</StatusBadge>;
  return <StatusBadge tone="positive">{t('accounts.state.active')}</StatusBadge>;
}

/** /staff/accounts (admins): the team, inviting a colleague, roles, deactivation. */
export function AccountsPage() {
  const { t } = useTranslation('staff');
  const { isAdmin, role } = useStaffRole();
  const me = useStaffMe().data;
  const timeZone = useTimeZone();
  const list = usePagedList<StaffAccount>('/accounts', {}, { enabled: isAdmin });
  const changeRole = useChangeRole();
  const deactivate = useDeactivate();
  const reactivate = useReactivate();
  const resend = useResendInvitation();
  const [leaving, setLeaving] = useState<StaffAccount | null>(null);

  if (role !== null && !isAdmin) {
    return (
      <>
        <PageHeader title={t('accounts.title')} />
        <EmptyState title={t('accounts.adminsOnly')} />
      </>
    );
  }

  const onRole = (account: StaffAccount, next: StaffRole) =>
    changeRole.mutate(
      { id: account.id, role: next },
      {
        onSuccess: (saved) => toastSaved(t('accounts.roleChanged', { name: saved.name, role: t(`roles.${saved.role}`) })),
        onError: (error) => toastFailed(error),
      },
    );

  return (
    <>
      <PageHeader title={t('accounts.title')} lede={t('accounts.lede')} />
      <Section title={t('accounts.inviteTitle')} id="invite">
        <InviteForm />
      </Section>
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t('accounts.caption')}
          rows={list.items}
          rowKey={(account) => account.id}
          columns={[
            {
              key: 'name',
              header: t('accounts.fields.name'),
              primary: true,
              cell: (account) => (
                <>
                  <span className="staff-table__strong">{account.name}</span>
                  {account.id === me?.id ? <span className="staff-muted"> {t('accounts.you')}</span> : null}
                  <br />
                  <span className="staff-muted">{account.email}</span>
                </>
              ),
            },
            {
              key: 'role',
              header: t('accounts.fields.role'),
              cell: (account) => (
                <select
                  className="field__input field__select staff-select--compact"
                  aria-label={t('accounts.roleOf', { name: account.name })}
                  value={account.role}
                  disabled={changeRole.isPending || !account.active || account.id === me?.id}
                  onChange={(event) => onRole(account, event.target.value as StaffRole)}
                >
                  {STAFF_ROLES.map((value) => (
                    <option key={value} value={value}>
                      {t(`roles.${value}`)}
                    </option>
                  ))}
                </select>
              ),
            },
            { key: 'state', header: t('accounts.fields.state'), cell: (account) => <AccountState account={account} /> },
            { key: 'since', header: t('accounts.fields.since'), cell: (account) => <DateTime value={account.createdAt} timeZone={timeZone} /> },
            {
              key: 'actions',
              sticky: 'end',
              header: <span className="visually-hidden">{t('accounts.fields.actions')}</span>,
              cell: (account) =>
                account.id === me?.id ? null : (
                  <div className="staff-actions">
                    {account.active && account.invitationPending ? (
                      <button
                        type="button"
                        className="button button--small button--quiet"
                        disabled={resend.isPending}
                        onClick={() => resend.mutate(account.id, { onSuccess: () => toastSaved(t('accounts.resent', { email: account.email })), onError: (error) => toastFailed(error) })}
                      >
                        {t('accounts.resend')}
                        <span className="visually-hidden"> {account.name}</span>
                      </button>
                    ) : null}
                    {account.active ? (
                      <button type="button" className="button button--small button--quiet staff-danger" onClick={() => setLeaving(account)}>
                        {t('accounts.deactivate')}
                        <span className="visually-hidden"> {account.name}</span>
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--quiet"
                        disabled={reactivate.isPending}
                        onClick={() => reactivate.mutate(account.id, { onSuccess: () => toastSaved(t('accounts.reactivated', { name: account.name })), onError: (error) => toastFailed(error) })}
                      >
                        {t('accounts.reactivate')}
                        <span className="visually-hidden"> {account.name}</span>
                      </button>
                    )}
                  </div>
                ),
            },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
      <Confirm
        open={leaving !== null}
        title={t('accounts.deactivateConfirm.title', { name: leaving?.name ?? '' })}
        body={t('accounts.deactivateConfirm.body')}
        confirmLabel={t('accounts.deactivate')}
        busy={deactivate.isPending}
        onCancel={() => setLeaving(null)}
        onConfirm={() =>
          leaving &&
          deactivate.mutate(leaving.id, {
            onSuccess: (saved) => toastSaved(t('accounts.deactivated', { name: saved.name })),
            onError: (error) => toastFailed(error),
            onSettled: () => setLeaving(null),
          })
        }
      />
    </>
  );
}
