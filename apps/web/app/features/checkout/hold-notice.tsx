import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatHoldCountdown, OFFERING_PATHS } from '@winery/domain';
import type { HeldSelection } from './use-held-selection';

/**
 * "Your bottles are held for you for 04:59" at the top of the checkout summary, folded or not. The
 * time is a timer (read where it stands, never at each tick); a polite live region says the 5- and
 * 1-minute marks, and that the hold has ended, with the way to hold again.
 */
export function HoldNotice({ held }: { held: HeldSelection }) {
  const { t } = useTranslation();
  const { secondsLeft, ended, problem, announcement, busy } = held;
  if (secondsLeft === null && !ended && !problem) return null;
  return (
    <div className={`hold-notice${ended ? ' hold-notice--ended' : ''}`} data-testid="hold-notice">
      {secondsLeft !== null ? (
        <>
          <p className="hold-notice__time" role="timer" data-testid="hold-countdown">
            <svg className="hold-notice__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
              <path d="M8 4.5V8l2.4 1.6" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
            </svg>
            <span>{t('hold.heldFor', { time: formatHoldCountdown(secondsLeft) })}</span>
          </p>
          <p className="hold-notice__explain">{t('hold.explain')}</p>
        </>
      ) : null}
      <div aria-live="polite" className="hold-notice__messages">
        {announcement ? <p className="visually-hidden" data-testid="hold-announcement">{announcement}</p> : null}
        {ended ? (
          <p className="hold-notice__ended" data-testid="hold-ended">
            {t('hold.ended')}
          </p>
        ) : null}
        {problem ? (
          <p className="hold-notice__problem" data-testid="hold-problem">
            {problem}
          </p>
        ) : null}
      </div>
      {ended ? (
        <div className="hold-notice__actions">
          <button type="button" className="button button--secondary button--small" onClick={held.holdAgain} disabled={busy} aria-busy={busy} data-testid="hold-again">
            <span className="button__spinner" aria-hidden="true" />
            {busy ? t('hold.holding') : t('hold.again')}
          </button>
          <Link to={OFFERING_PATHS.allocation} className="hold-notice__back">
            {t('hold.backToSelection')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
