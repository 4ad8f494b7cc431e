import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offering } from '@winery/domain';
import { remainingMs, timeLeft, untilNextChange } from './closing-time';
import { useServerClockOffset } from './offering.api';

/**
 * "Closes in 5 h 12 min" on the letter and selection pages, in the offering's last 48 hours. It
 * changes on the minute by the server's clock, and is not a live region: a screen reader reads it
 * where it stands, not at every tick.
 */
export function ClosingCountdown({ offering }: { offering: Pick<Offering, 'allocationId' | 'closesAt'> }) {
  const { t } = useTranslation();
  const offset = useServerClockOffset(offering.allocationId);
  const [now, setNow] = useState(() => Date.now());
  const remaining = remainingMs(offering.closesAt, now, offset);

  useEffect(() => {
    // Checked each minute while it does not show either, so it appears when the last 48 hours begin.
    const timer = window.setTimeout(() => setNow(Date.now()), untilNextChange(remaining) + 5);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const left = timeLeft(remaining);
  if (!left) return null;
  const { hours, minutes } = left;
  const short = hours === 0
    ? t('offering.countdown.minutes', { minutes })
    : minutes === 0
      ? t('offering.countdown.hours', { hours })
      : t('offering.countdown.hoursMinutes', { hours, minutes });
  const spoken = t('offering.countdown.spoken', {
    time: [
      hours > 0 ? t('offering.countdown.hoursPart', { count: hours }) : null,
      minutes > 0 ? t('offering.countdown.minutesPart', { count: minutes }) : null,
    ]
      .filter(Boolean)
      .join(' '),
  });
  return (
    <p className="closing-countdown" data-testid="closing-countdown">
      <svg className="closing-countdown__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
        <path d="M8 4.5V8l2.4 1.6" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
      </svg>
      <time dateTime={offering.closesAt}>
        <span aria-hidden="true">{short}</span>
        <span className="visually-hidden">{spoken}</span>
      </time>
    </p>
  );
}
