import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';
import { EmptyState } from './states';

/** A page of the console that is listed in the navigation but not built yet. */
export function PlannedPage({ pageKey }: { pageKey: string }) {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHeader title={t(`pages.${pageKey}.title`)} />
      <EmptyState title={t('states.planned')} />
    </>
  );
}
