import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MAIL_PREFERENCES, type CommunicationPreferences, type MailPreference } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { toastFailure } from '../../lib/form-errors';
import { AccountHeader, LoadFailed } from './account-layout';
import { useCommunicationPreferences, useUpdateCommunicationPreferences } from './communication-preferences.api';
import { CommunicationSwitch } from './communication-switch';

/**
 * /profile/communication, "E-mail from the winery": the three kinds of e-mail a member may turn
 * off. Each switch saves as it is turned (the new place shows at once, and goes back if the save
 * fails); orders, sign-in and password e-mails always come, and the page says so.
 */
export function CommunicationPage() {
  const { t } = useTranslation(['common', 'notification']);
  const preferences = useCommunicationPreferences();
  const update = useUpdateCommunicationPreferences();
  // The switch being saved shows its new place until the answer comes.
  const [pending, setPending] = useState<CommunicationPreferences | null>(null);
  const shown = pending ?? preferences.data;

  // Never disabled while saving (a disabled switch would drop the keyboard's focus): a turn made
  // meanwhile is not taken, and the switch stays where it is.
  const turn = (kind: MailPreference, on: boolean) => {
    if (!shown || update.isPending) return;
    const next = { ...shown, [kind]: on };
    setPending(next);
    update.mutate(next, {
      onSuccess: () => toast.success(t(`notification:communication.${on ? 'on' : 'off'}`, { kind: t(`account.communication.kinds.${kind}.label`) }), { id: 'communication-saved' }),
      onError: (error) => toastFailure(t('notification:communication.failed'), error),
      onSettled: () => setPending(null),
    });
  };

  let body: React.ReactNode;
  if (preferences.isError) {
    body = <LoadFailed message={errorMessage(preferences.error, t('account.communication.loadFailed'))} onRetry={() => void preferences.refetch()} />;
  } else if (!shown) {
    body = <PageLoading label={t('account.communication.loading')} />;
  } else {
    body = (
      <div className="card account-card communication-card">
        <fieldset className="communication-card__switches" aria-busy={update.isPending}>
          <legend className="communication-card__legend">{t('account.communication.legend')}</legend>
          {MAIL_PREFERENCES.map((kind) => (
            <CommunicationSwitch
              key={kind}
              id={`mail-${kind}`}
              label={t(`account.communication.kinds.${kind}.label`)}
              description={t(`account.communication.kinds.${kind}.description`)}
              checked={shown[kind]}
              onChange={(on) => turn(kind, on)}
            />
          ))}
        </fieldset>
        <p className="communication-card__always">{t('account.communication.always')}</p>
      </div>
    );
  }

  return (
    <div className="account-section">
      <AccountHeader title={t('account.communication.heading')} intro={t('account.communication.intro')} />
      {body}
    </div>
  );
}
