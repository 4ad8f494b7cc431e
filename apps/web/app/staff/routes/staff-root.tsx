import { Outlet, isRouteErrorResponse } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/staff-root';
import { staffQueryClient } from '../session/staff-query-client';
import '../staff-i18n';
import '../../styles/staff.css';

/** Everything under /staff: the console's own cache, texts and styles, loaded with its chunk only. */
export default function StaffRoot() {
  return (
    <QueryClientProvider client={staffQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('staff');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="staff-main" className="staff-crash" tabIndex={-1}>
      <title>{t('meta.suffix', { page: t(notFound ? 'states.notFound' : 'states.crashed') })}</title>
      <h1 className="staff-page-header__title">{t(notFound ? 'states.notFound' : 'states.crashed')}</h1>
      <p>
        <a href="/staff">{t('layout.backToDashboard')}</a>
      </p>
    </main>
  );
}
