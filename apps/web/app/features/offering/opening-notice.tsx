import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Offering } from '@winery/domain';
import { remainingMs, timeLeft, untilNextChange } from './closing-time';
import { WAITING_ROOM_PATH } from './offering-access';
import { useServerClockOffset } from './offering.api';
import { browserTimeZone, formatOpening } from '../../lib/opening-time';

/**
 * "Opens in 5 h 12 min" in the last 48 hours before the member's opening, by the server's clock
 * (the same rule as the closing countdown); "Your offering is open." once it has come (the gate
 * then lets the member on to their allocation).
 */
function OpeningCountdown({ offering }: { offering: Pick<Offering, 'allocationId' | 'startDate'> }) {
  const { t } = useTranslation();
  const offset = useServerClockOffset(offering.allocationId);
  const [now, setNow] = useState(() => Date.now());
  const remaining = remainingMs(offering.startDate, now, offset);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    // The last minute is checked each second, so the opening is noticed when it comes.
    const wait = remaining <= 60_000 ? Math.min(1_000, remaining) : untilNextChange(remaining) + 5;
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  if (remaining <= 0) return <p className="opening-notice__open">{t('offering.opening.now')}</p>;
  const left = timeLeft(remaining);
  if (!left) return null;
  const { hours, minutes } = left;
  const short =
    hours === 0
      ? t('offering.opening.minutes', { minutes })
      : minutes === 0
        ? t('offering.opening.hours', { hours })
        : t('offering.opening.hoursMinutes', { hours, minutes });
  const spoken = t('offering.opening.spoken', {
    time: [
      hours > 0 ? t('offering.countdown.hoursPart', { count: hours }) : null,
      minutes > 0 ? t('offering.countdown.minutesPart', { count: minutes }) : null,
    ]
      .filter(Boolean)
      .join(' '),
  });
  return (
    <p className="closing-countdown opening-notice__countdown" data-testid="opening-countdown">
      <svg className="closing-countdown__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
        <path d="M8 4.5V8l2.4 1.6" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
      </svg>
      <time dateTime={offering.startDate}>
        <span aria-hidden="true">{short}</span>
        <span className="visually-hidden">{spoken}</span>
      </time>
    </p>
  );
}

/**
 * Above the letter before the member's own opening (their tier's, issue 17): when it opens in
 * their time zone, named, a countdown in the last 48 hours, and the way to the waiting room when
 * the offering has one.
 */
export function OpeningNotice({ offering, waitingRoom }: { offering: Pick<Offering, 'allocationId' | 'startDate'>; waitingRoom: boolean }) {
  const { t } = useTranslation();
  // The member's time zone is the browser's (the members' area renders in the browser only).
  const [timeZone] = useState(browserTimeZone);
  const when = formatOpening(offering.startDate, timeZone);
  return (
    <section className="opening-notice" aria-labelledby="opening-notice-heading" data-testid="opening-notice">
      <h2 id="opening-notice-heading" className="opening-notice__when">
        {when ? t('offering.opening.notice', { date: when.date, time: when.time }) : null}
      </h2>
      {when ? <p className="opening-notice__zone">{t('offering.opening.zone', { zone: when.zone })}</p> : null}
      <OpeningCountdown offering={offering} />
      {waitingRoom ? (
        <div className="opening-notice__room">
          <Link to={WAITING_ROOM_PATH} className="button button--primary">
            {t('offering.opening.waitingRoom')}
          </Link>
          <p className="opening-notice__hint">{t('offering.opening.waitingRoomHint')}</p>
        </div>
      ) : null}
    </section>
  );
}
