import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holdMilestoneReached } from '@winery/domain';
import { isApiError } from '../../lib/api-error';
import { serverOffset, SHIPPING, useHold, usePutHold } from '../offering/hold.api';
import { heldSecondsLeft, needsHoldElsewhere } from './hold-state';

export interface HeldSelection {
  /** Seconds the hold has left by the server's clock; null when nothing is held. */
  secondsLeft: number | null;
  /** The hold this page saw has run out (or is gone): the bottles are no longer reserved. */
  ended: boolean;
  /** What the last request to hold was refused with (a wine short at a pick-up location). */
  problem: string | null;
  /** Said once by a screen reader: 5 minutes left, then 1 minute. */
  announcement: string;
  busy: boolean;
  /** Holds the selection again, where the member now wants it. */
  holdAgain: () => void;
}

/**
 * The member's hold during checkout: its countdown on the server's clock (a tick a second), the
 * two spoken milestones, a new hold where the member chooses to collect (it keeps its expiry), and
 * holding again once it has ended, when the member asks.
 */
export function useHeldSelection({ allocationId, cartId, wanted }: { allocationId: string; cartId: string; wanted: string | null }): HeldSelection {
  const { t } = useTranslation();
  const hold = useHold(allocationId);
  const put = usePutHold(allocationId);
  const known = hold.data;
  const [now, setNow] = useState(() => Date.now());
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [seenLive, setSeenLive] = useState(false);
  const secondsLeft = heldSecondsLeft(known, now);
  const live = secondsLeft !== null && secondsLeft > 0;

  useEffect(() => {
    if (live) setSeenLive(true);
  }, [live]);

  // One tick a second, on the server's second, while the hold is live.
  const offset = known ? serverOffset(known) : 0;
  useEffect(() => {
    if (!live) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000 - (((Date.now() + offset) % 1000) + 1000) % 1000 + 5);
    return () => window.clearTimeout(timer);
  }, [now, live, offset]);

  const previous = useRef<number | null>(null);
  useEffect(() => {
    const reached = secondsLeft === null ? null : holdMilestoneReached(previous.current, secondsLeft);
    previous.current = secondsLeft;
    if (reached === 5) setAnnouncement(t('hold.fiveMinutes'));
    if (reached === 1) setAnnouncement(t('hold.oneMinute'));
  }, [secondsLeft, t]);

  const request = async (place: string | null) => {
    setProblem(null);
    try {
      await put.mutateAsync({ cartId, ...(place && place !== SHIPPING ? { locationId: place } : {}) });
      setNow(Date.now());
    } catch (error) {
      const words = isApiError(error) && error.status >= 400 && error.status < 500 ? [...new Set(error.errors.map((item) => item.message))] : [];
      setProblem(words.length > 0 ? words.join(' ') : isApiError(error) && error.status === 409 && error.message ? error.message : t('hold.failed'));
    }
  };

  // Collecting somewhere else moves a live hold there (once per choice, whatever the answer).
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (wanted === tried.current || put.isPending) return;
    if (!needsHoldElsewhere(known, wanted, Date.now())) return;
    tried.current = wanted;
    void request(wanted);
    // request is this render's; what decides is the hold and the place wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, wanted, put.isPending]);

  return {
    secondsLeft: live ? secondsLeft : null,
    ended: seenLive && !live,
    problem,
    announcement: live ? announcement : '',
    busy: put.isPending,
    holdAgain: () => {
      tried.current = wanted;
      void request(wanted);
    },
  };
}
