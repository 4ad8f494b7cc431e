import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('notFound');

export default function StaffNotFound() {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHeader title={t('pages.notFound.title')} />
      <p>
        <Link to="/staff">{t('layout.backToDashboard')}</Link>
      </p>
    </>
  );
}
