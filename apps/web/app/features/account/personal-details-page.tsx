import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { useCustomer } from './customer.api';
import { useSiteConfig } from '../../lib/site-config/site-config.api';
import { AccountHeader, LoadFailed } from './account-layout';
import { ProfileForm } from './profile-form';

/** /profile/edit: the member's own details, with the minimum age the operator configured. */
export function PersonalDetailsPage() {
  const { t } = useTranslation(['common', 'notification']);
  const customer = useCustomer();
  const siteConfig = useSiteConfig();

  return (
    <div className="account-section">
      <AccountHeader title={t('profileForm.heading')} intro={t('profileForm.intro')} />
      {customer.isError ? (
        <LoadFailed
          message={errorMessage(customer.error, t('notification:customer.fetchFailed'))}
          onRetry={() => void customer.refetch()}
        />
      ) : customer.data && siteConfig.data ? (
        // The form reads the customer once: a background refetch never overwrites what is being typed.
        <div className="card account-card">
          <ProfileForm customer={customer.data} minimumAge={siteConfig.data.minimumAge} />
        </div>
      ) : (
        <PageLoading label={t('profileForm.loading')} />
      )}
    </div>
  );
}
