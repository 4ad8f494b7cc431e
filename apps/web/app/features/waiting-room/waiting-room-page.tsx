import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OFFERING_PATHS, type WaitingRoom } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { useAllocation } from '../../lib/member-status/member-status.api';
import { countdownParts, estimateWords, secondsUntil, serverNow } from './waiting-room-time';
import { useWaitingRoom } from './waiting-room.api';

/** How long "It's your turn" shows before the page moves on to the wines by itself. */
const MOVE_ON_MS = 3_000;

/** The device's clock corrected to the server's, ticking each second while `ticking`. */
function useServerNow(room: WaitingRoom | undefined, readAt: number, ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return room ? serverNow(now, readAt, room.serverTime) : now;
}

function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const { days, hours, minutes, seconds: secs } = countdownParts(seconds);
  const parts = [
    days > 0 ? t('waitingRoom.countdown.days', { count: days }) : null,
    days > 0 || hours > 0 ? t('waitingRoom.countdown.hours', { count: hours }) : null,
    t('waitingRoom.countdown.minutes', { count: minutes }),
    t('waitingRoom.countdown.seconds', { count: secs }),
  ].filter(Boolean);
  return (
    <p className="waiting-room__countdown" role="timer" data-testid="waiting-room-countdown">
      {parts.map((part) => (
        <span key={part} className="waiting-room__countdown-part">
          {part}
        </span>
      ))}
    </p>
  );
}

/** The estimate in words, or nothing without one. */
function Estimate({ room, now }: { room: WaitingRoom; now: number }) {
  const { t } = useTranslation();
  if (!room.estimatedAdmissionAt) return null;
  const words = estimateWords(secondsUntil(room.estimatedAdmissionAt, now));
  return (
    <p className="waiting-room__estimate" data-testid="waiting-room-estimate">
      {words.unit === 'soon' ? t('waitingRoom.estimate.soon') : t(`waitingRoom.estimate.${words.unit}`, { count: words.count })}
    </p>
  );
}

/**
 * /offering/waiting-room: before the member's opening a countdown by the server's clock and how
 * many are waiting; after it their place, how many are ahead and an estimate; then "It's your
 * turn" and on to the wines. The place is the server's: a reload or a second tab shows the same.
 */
export function WaitingRoomPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { allocations, current } = useAllocation();
  const room = useWaitingRoom(current?.id);
  const data = room.data;
  const beforeOpening = Boolean(data && data.position === null && data.state === 'waiting');
  const now = useServerNow(data, room.dataUpdatedAt, beforeOpening || data?.state === 'waiting');
  const admitted = data?.state === 'admitted';

  // At the opening the order is drawn: ask again then (spread over two seconds), not at the next poll.
  const toOpening = data ? secondsUntil(data.opensAt, now) : null;
  const refetch = room.refetch;
  useEffect(() => {
    if (!beforeOpening || toOpening === null || toOpening > 0) return undefined;
    const timer = window.setTimeout(() => void refetch(), 300 + Math.round(Math.random() * 1_700));
    return () => window.clearTimeout(timer);
  }, [beforeOpening, toOpening === 0, refetch]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!admitted) return undefined;
    const timer = window.setTimeout(() => navigate(OFFERING_PATHS.allocation), MOVE_ON_MS);
    return () => window.clearTimeout(timer);
  }, [admitted, navigate]);

  if (allocations.isSuccess && !current) return <Navigate to="/offering" replace />;
  if (data?.state === 'no-room') return <Navigate to="/offering" replace />;
  if (room.isError && !data) {
    return (
      <div className="page page--narrow offering-page">
        <div className="alert alert--error" role="alert" data-testid="waiting-room-error">
          <p className="alert__title">{t('waitingRoom.loadFailed')}</p>
          <button type="button" className="button button--quiet" onClick={() => void room.refetch()}>
            {t('waitingRoom.retry')}
          </button>
        </div>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('waitingRoom.loading')} />
      </div>
    );
  }

  const name = current?.name;
  const opened = toOpening === 0;
  return (
    <div className="page page--narrow offering-page waiting-room" data-testid="waiting-room" data-state={data.state}>
      {name ? <p className="eyebrow">{name}</p> : null}
      <h1 className="page-title">{admitted ? t('waitingRoom.admitted.heading') : t('waitingRoom.heading')}</h1>

      {/* What changes is said once, politely: the place, then "It's your turn". */}
      <div className="waiting-room__status" role="status" aria-live="polite" data-testid="waiting-room-status">
        {admitted ? (
          <p className="lede">{t('waitingRoom.admitted.body')}</p>
        ) : data.position !== null ? (
          <>
            <p className="waiting-room__place">
              <span className="waiting-room__place-label">{t('waitingRoom.place.label')}</span>
              <span className="waiting-room__place-number" data-testid="waiting-room-position">
                {data.position.toLocaleString('en-US')}
              </span>
            </p>
            <p className="lede" data-testid="waiting-room-ahead">
              {t('waitingRoom.place.ahead', { count: data.ahead ?? 0 })}
            </p>
          </>
        ) : opened ? (
          <p className="lede">{t('waitingRoom.drawing')}</p>
        ) : null}
      </div>

      {admitted ? (
        <p className="offering-next">
          <Link to={OFFERING_PATHS.allocation} className="button button--primary" data-testid="waiting-room-choose">
            {t('waitingRoom.admitted.action')}
          </Link>
        </p>
      ) : data.position !== null ? (
        <>
          <Estimate room={data} now={now} />
          <p className="waiting-room__note">{t('waitingRoom.keepOpen')}</p>
        </>
      ) : (
        <>
          {!opened ? (
            <>
              <p className="waiting-room__opens">{t('waitingRoom.opensIn')}</p>
              <Countdown seconds={toOpening ?? 0} />
            </>
          ) : null}
          <p className="waiting-room__waiting" data-testid="waiting-room-waiting">
            {t('waitingRoom.waiting', { count: data.waiting })}
          </p>
          <div className="card waiting-room__fairness">
            <h2 className="section-heading">{t('waitingRoom.fairness.heading')}</h2>
            <p>{t('waitingRoom.fairness.body')}</p>
            <p className="muted">{t('waitingRoom.keepOpen')}</p>
          </div>
        </>
      )}
    </div>
  );
}
