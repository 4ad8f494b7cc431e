import { useTranslation } from 'react-i18next';
import { useCustomer } from './customer.api';
import { AccountHeader } from './account-layout';
import { PasswordForm } from './password-form';

/** /profile/password */
export function PasswordPage() {
  const { t } = useTranslation();
  const customer = useCustomer();
  return (
    <div className="account-section">
      <AccountHeader title={t('passwordForm.heading')} intro={t('passwordForm.intro')} />
      <div className="card account-card">
        <PasswordForm email={customer.data?.email} />
      </div>
    </div>
  );
}
