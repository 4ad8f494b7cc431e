import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { AllocationPanel } from '../allocation/allocation-panel';
import { useCustomer } from '../customer/customer.api';
import { CustomerDetails, customerFullName } from './customer-details';

export function AccountPage() {
  const { t } = useTranslation(['common', 'notification']);
  const customer = useCustomer();

  return (
    <div className="page account-page">
      <p className="eyebrow">{t('profile.eyebrow')}</p>
      <h1 className="page-title">{t('profile.heading')}</h1>
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
        <AllocationPanel />
      </div>
    </div>
  );
}
