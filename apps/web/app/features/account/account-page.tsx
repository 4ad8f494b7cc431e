import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { MemberStatusPanel } from './member-status-panel';
import { useCustomer } from './customer.api';
import { AccountHeader } from './account-layout';
import { CustomerDetails, customerFullName } from './customer-details';

const SHORTCUTS = [
  { key: 'addresses', to: '/profile/addresses' },
  { key: 'cards', to: '/profile/cards' },
  { key: 'orders', to: '/profile/orders' },
  { key: 'password', to: '/profile/password' },
] as const;

/** /profile: who the member is, where their allocation stands, and the way to everything else. */
export function AccountPage() {
  const { t } = useTranslation(['common', 'notification']);
  const customer = useCustomer();

  return (
    <div className="account-page">
      <AccountHeader title={t('profile.heading')} />
      {customer.data ? (
        <p className="account-page__name" data-testid="profile-name">
          {customerFullName(customer.data)}
        </p>
      ) : null}
      {customer.isPending && !customer.isError ? <PageLoading label={t('profile.loading')} /> : null}
      {customer.isError ? (
        <div className="alert alert--error" role="alert" data-testid="customer-error">
          <p className="alert__title">
            {errorMessage(customer.error, t('notification:customer.fetchFailed'))}
          </p>
          <button type="button" className="button button--quiet" onClick={() => void customer.refetch()}>
            {t('profile.retry')}
          </button>
        </div>
      ) : null}
      <div className="account-page__grid">
        {customer.data ? <CustomerDetails customer={customer.data} /> : null}
        <MemberStatusPanel />
      </div>
      <section className="account-shortcuts" aria-labelledby="account-shortcuts-heading">
        <h2 id="account-shortcuts-heading" className="section-heading">
          {t('account.manageHeading')}
        </h2>
        <ul className="account-shortcuts__list">
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.key}>
              <Link to={shortcut.to} className="account-shortcuts__link">
                <span className="account-shortcuts__title">{t(`account.nav.${shortcut.key}`)}</span>
                <span className="account-shortcuts__text">{t(`account.shortcuts.${shortcut.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
