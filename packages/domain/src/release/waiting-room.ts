/*
 * The waiting room of one opening (issue 17, ADR 029). Members who arrive before the opening are
 * ordered by a lottery number drawn when they joined, so arriving early gives no advantage; those
 * who arrive after it queue behind them in the order they came. At the opening the room admits
 * the queue's head at the offering's rate: `admitted` members of the queue are through.
 */

const MINUTE_MS = 60_000;

/** The member's waiting-room page: the letter's call to action and the offering's gate send members here. */
export const WAITING_ROOM_PATH = '/offering/waiting-room';

const toTime = (value: Date | string): number => (value instanceof Date ? value.getTime() : new Date(value).getTime());

/** A member's place as stored: the lottery number drawn on joining, when they joined, and a tie-break. */
export interface QueueEntry {
  /** Drawn at random when the member joined (0 ≤ lottery < 1). */
  lottery: number;
  joinedAt: Date | string;
  /** Any stable unique key (the entry's id): orders the rare equal lottery numbers. */
  id: string;
}

/** Whether the member joined before the opening (and so takes part in the draw). */
export const joinedBeforeOpening = (entry: Pick<QueueEntry, 'joinedAt'>, opensAt: Date | string): boolean =>
  toTime(entry.joinedAt) < toTime(opensAt);

/**
 * The queue's order for an opening: everyone who joined before it by their lottery number, then
 * those who joined after it by when they joined. Negative when `a` comes first.
 */
export function queueOrder(opensAt: Date | string): (a: QueueEntry, b: QueueEntry) => number {
  return (a, b) => {
    const aBefore = joinedBeforeOpening(a, opensAt);
    const bBefore = joinedBeforeOpening(b, opensAt);
    if (aBefore !== bBefore) return aBefore ? -1 : 1;
    const byKey = aBefore ? a.lottery - b.lottery : toTime(a.joinedAt) - toTime(b.joinedAt);
    if (byKey !== 0) return byKey;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** One room's admission state: how many of its queue are through, counted up to `advancedAt`. */
export interface RoomAdmission {
  admitted: number;
  /** The instant admissions have been counted up to; null before anything was counted. */
  advancedAt: Date | null;
}

export interface AdvanceInput extends RoomAdmission {
  opensAt: Date;
  /** The offering's admission rate (members per minute, at least 1). */
  perMinute: number;
  /** How many members are in the room's queue (admitted or not): admission never goes beyond it. */
  waiting: number;
  now: Date;
}

/**
 * The room advanced to `now`: from the later of `advancedAt` and the opening, `perMinute` members
 * a minute, whole members only. The fraction of a member not yet admitted is kept by moving
 * `advancedAt` on by exactly the time the admitted members took. Admission stops at the number of
 * members in the queue, and then `advancedAt` is `now`: capacity nobody used does not pile up for
 * a later crowd. Nothing moves until after the opening instant. Answers the same object when
 * nothing changes.
 */
export function advance(input: AdvanceInput): RoomAdmission {
  const { admitted, advancedAt, opensAt, perMinute, waiting, now } = input;
  const unchanged = { admitted, advancedAt };
  const opening = opensAt.getTime();
  const at = now.getTime();
  if (at <= opening || !(perMinute > 0)) return unchanged;
  const from = Math.max(advancedAt?.getTime() ?? opening, opening);
  if (at <= from) return unchanged;
  const room = waiting - admitted;
  if (room <= 0) return { admitted, advancedAt: now };
  const whole = Math.floor(((at - from) * perMinute) / MINUTE_MS);
  if (whole >= room) return { admitted: waiting, advancedAt: now };
  if (whole === 0) return unchanged;
  return { admitted: admitted + whole, advancedAt: new Date(from + Math.floor((whole * MINUTE_MS) / perMinute)) };
}

/** Whether the member at a 1-based `position` of the queue is through. */
export const isAdmitted = (position: number, admitted: number): boolean => position >= 1 && position <= admitted;

/** How many members are still ahead of the one at a 1-based `position` (0 once through). */
export const aheadOf = (position: number, admitted: number): number => Math.max(0, position - 1 - admitted);

/**
 * When the member at `position` should be through at the current rate, counted from the later of
 * `advancedAt` and the opening; `now` for a member already through. Before the opening there is
 * no position (the order is drawn at the opening), so the caller shows the countdown instead.
 */
export function estimateAdmissionAt(input: {
  position: number;
  admitted: number;
  advancedAt: Date | null;
  opensAt: Date;
  perMinute: number;
  now: Date;
}): Date {
  const { position, admitted, advancedAt, opensAt, perMinute, now } = input;
  if (isAdmitted(position, admitted)) return now;
  const from = Math.max(advancedAt?.getTime() ?? opensAt.getTime(), opensAt.getTime());
  const at = from + Math.ceil(((position - admitted) * MINUTE_MS) / perMinute);
  return new Date(Math.max(at, now.getTime()));
}

export type WaitingRoomState = 'no-room' | 'not-joined' | 'waiting' | 'admitted';

/**
 * A member's state in the room: no room without an admission rate (everyone is through at their
 * opening); not joined without a place; admitted once their position is within `admitted`
 * (never before the opening); otherwise waiting.
 */
export function waitingRoomState(input: {
  perMinute: number | null;
  joined: boolean;
  position: number | null;
  admitted: number;
  opensAt: Date;
  now: Date;
}): WaitingRoomState {
  if (input.perMinute === null) return 'no-room';
  if (!input.joined) return 'not-joined';
  if (input.now.getTime() <= input.opensAt.getTime() || input.position === null) return 'waiting';
  return isAdmitted(input.position, input.admitted) ? 'admitted' : 'waiting';
}
