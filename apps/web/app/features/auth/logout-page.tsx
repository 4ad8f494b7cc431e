import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LOGIN_PATH } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { useLogout } from '../../lib/session/session.api';

/** Visiting /logout signs the member out and takes them to the login page. */
export function LogoutPage() {
  const { t } = useTranslation(['common', 'notification']);
  const navigate = useNavigate();
  const { mutateAsync } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void mutateAsync()
      .catch(() => undefined)
      .then(() => {
        toast.success(t('notification:logout.success'));
        void navigate(LOGIN_PATH, { replace: true });
      });
  }, [mutateAsync, navigate, t]);

  return (
    <div className="page page--narrow">
      <h1 className="visually-hidden">{t('logout.heading')}</h1>
      <PageLoading label={t('logout.heading')} />
    </div>
  );
}
