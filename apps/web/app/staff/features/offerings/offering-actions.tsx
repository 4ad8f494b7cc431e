import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Confirm } from '../../components/confirm';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { useOfferingAction, type StaffOffering } from './offerings.api';

/** Publish a draft, close an open offering early (after a confirm), duplicate as a draft. */
export function OfferingActions({ offering }: { offering: StaffOffering }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const navigate = useNavigate();
  const action = useOfferingAction(offering.id);
  const [confirmClose, setConfirmClose] = useState(false);
  if (!canWrite) return null;

  const run = (kind: 'publish' | 'close' | 'duplicate') =>
    action.mutate(kind, {
      onSuccess: (result) => {
        setConfirmClose(false);
        toastSaved(t(`offerings.done.${kind}`, { name: result.name }));
        if (kind === 'duplicate') void navigate(`/staff/offerings/${result.id}`);
      },
      onError: (error) => {
        setConfirmClose(false);
        toastFailed(error, t('offerings.actionFailed'));
      },
    });

  const draft = offering.status === 'draft';
  return (
    <div className="staff-actions">
      {draft ? (
        <button type="button" className="button button--primary" onClick={() => run('publish')} disabled={action.isPending}>
          {t('offerings.actions.publish')}
        </button>
      ) : null}
      {!draft && offering.phase === 'open' ? (
        <button type="button" className="button button--quiet" onClick={() => setConfirmClose(true)} disabled={action.isPending}>
          {t('offerings.actions.close')}
        </button>
      ) : null}
      <button type="button" className="button button--quiet" onClick={() => run('duplicate')} disabled={action.isPending}>
        {t('offerings.actions.duplicate')}
      </button>
      <Confirm
        open={confirmClose}
        title={t('offerings.closeConfirm.title', { name: offering.name })}
        body={t('offerings.closeConfirm.body')}
        confirmLabel={t('offerings.actions.close')}
        busy={action.isPending}
        onConfirm={() => run('close')}
        onCancel={() => setConfirmClose(false)}
      />
    </div>
  );
}
