import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { InvitationSummary } from './invitations.api';

/** The steps in the order an invitation goes through them; failed stands apart at the end. */
const STEPS = ['ordered', 'linkUsed', 'sent', 'queued', 'failed'] as const;

/**
 * The offering's members on one bar: ordered, link used, sent, queued and failed, the rest not
 * invited yet; the figures beside it in words, so the bar is never the only way to read them.
 */
export function InvitationProgress({ summary }: { summary: InvitationSummary }) {
  const { t } = useTranslation('staff');
  const total = Math.max(summary.allocated, summary.invited, 1);
  // Members who turned invitations off are counted apart: a send will not reach them.
  const notInvited = Math.max(summary.allocated - summary.invited - summary.optedOut, 0);
  const label = t('invitations.progress.label', {
    invited: summary.invited,
    allocated: summary.allocated,
    sent: summary.sent + summary.linkUsed + summary.ordered,
    ordered: summary.ordered,
  });
  return (
    <div className="invite-progress" data-testid="invitation-progress">
      <div className="invite-progress__bar" role="img" aria-label={label}>
        {STEPS.map((step) =>
          summary[step] > 0 ? <span key={step} className={`invite-progress__seg invite-progress__seg--${step}`} style={{ width: `${(summary[step] / total) * 100}%` }} /> : null,
        )}
      </div>
      <dl className="invite-progress__legend">
        {STEPS.map((step) => (
          <div key={step} className="invite-progress__item">
            <dt>
              <span className={`invite-progress__swatch invite-progress__seg--${step}`} aria-hidden="true" />
              {t(`invitations.states.${step}`)}
            </dt>
            <dd data-testid={`summary-${step}`}>{formatNumber(summary[step])}</dd>
          </div>
        ))}
        <div className="invite-progress__item">
          <dt>
            <span className="invite-progress__swatch invite-progress__seg--none" aria-hidden="true" />
            {t('invitations.progress.notInvited')}
          </dt>
          <dd data-testid="summary-none">{formatNumber(notInvited)}</dd>
        </div>
        <div className="invite-progress__item">
          <dt>
            <span className="invite-progress__swatch invite-progress__seg--none" aria-hidden="true" />
            {t('invitations.states.optedOut')}
          </dt>
          <dd data-testid="summary-optedOut">{formatNumber(summary.optedOut)}</dd>
        </div>
      </dl>
      {summary.queued > 0 ? (
        <p className="invite-progress__live" role="status">
          {t('invitations.progress.sending', { count: summary.queued })}
        </p>
      ) : null}
    </div>
  );
}
