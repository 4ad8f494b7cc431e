import {
  advance,
  aheadOf,
  estimateAdmissionAt,
  openingState,
  waitingRoomState,
  type AdmissionRateInput,
  type StaffWaitingRoom,
  type WaitingRoom,
} from '@winery/domain';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { apiText } from '../../i18n/i18n.js';
import type { RoomRow, WaitingRoomQueries, WaitingRoomRepository } from './waiting-room.repository.js';

/** A member not yet through their opening's waiting room: cart writes, holds and orders answer this. */
export const notAdmittedYet = () => new ApiError('conflict', apiText('waitingRoomNotYet'));

interface Opening {
  tenantId: string;
  offeringId: string;
  tierId: string | null;
  opensAt: Date;
  perMinute: number;
}

/**
 * The waiting room (issue 17, ADR 029). Nothing runs on a timer: whoever reads a room (a member's
 * poll, the admission check, the staff dashboard) advances it to the app's clock first, in one
 * conditional UPDATE, so any number of API instances keep one count between them.
 */
export function createWaitingRoomService(deps: { repository: WaitingRoomRepository; now: () => Date }) {
  const { repository, now } = deps;

  /**
   * The room of an opening advanced to `at` at `perMinute`, its places drawn once the opening has
   * passed. When another request moved it meanwhile, its move stands (it read the same clock, give
   * or take). Reads the room's row and its count, never the queue itself.
   */
  async function advanced(q: WaitingRoomQueries, opening: Opening, at: Date): Promise<RoomRow> {
    let room = await q.room(opening.tenantId, opening.offeringId, opening.tierId);
    if (room.drawnAt === null && at.getTime() > opening.opensAt.getTime()) {
      room = await q.draw(room, opening.offeringId, opening.tierId, opening.opensAt, at);
    }
    const next = advance({ ...room, opensAt: opening.opensAt, perMinute: opening.perMinute, waiting: room.entries, now: at });
    if (next.admitted === room.admitted && next.advancedAt?.getTime() === room.advancedAt?.getTime()) return room;
    if (await q.advanceRoom(room, next)) return { ...room, ...next };
    return q.room(opening.tenantId, opening.offeringId, opening.tierId);
  }

  async function memberRoom(tenantId: string, customerId: string, allocationId: string, join: boolean): Promise<WaitingRoom> {
    const at = now();
    const context = await repository.memberContext(tenantId, customerId, allocationId);
    if (!context) throw new ApiError('notFound', API_MESSAGES.allocationNotFound);
    const { offeringId, opensAt, closesAt, perMinute } = context;
    // A room is for an opening still to come or open: after the member's close (a window that
    // closes before it opens included) or a cancellation there is nothing left to queue for.
    const cancelled = context.cancelledAt !== null && context.cancelledAt.getTime() <= at.getTime();
    const window = openingState({ opensAt, closesAt }, at);
    if (join && (cancelled || (window !== 'before' && window !== 'open'))) throw new ApiError('conflict', API_MESSAGES.offeringClosed);
    const answer = { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), serverTime: at.toISOString(), admissionPerMinute: perMinute };
    const noPlace = { position: null, ahead: null, estimatedAdmissionAt: null };
    if (perMinute === null) return { ...answer, state: 'no-room', waiting: 0, ...noPlace };

    // A member keeps the room they joined (their tier's opening when they joined).
    const opening = { tenantId, offeringId, tierId: context.entry?.tierId ?? context.tierId, opensAt, perMinute };
    // Advanced before a new member joins: capacity nobody used until now is not theirs.
    let room = await advanced(repository, opening, at);
    let entry = context.entry;
    if (!entry && join) {
      const joined = await repository.join(tenantId, room, offeringId, opening.tierId, customerId, at);
      entry = joined.entry;
      room = { ...room, entries: joined.entries };
    }
    const waiting = Math.max(0, room.entries - room.admitted);
    if (!entry) return { ...answer, state: 'not-joined', waiting, ...noPlace };
    // The order is drawn at the opening: before it, nobody has a place yet.
    if (at.getTime() <= opensAt.getTime()) return { ...answer, state: 'waiting', waiting, ...noPlace };

    // Numbered by the draw (this request's, when the member's entry was read before it) or, for
    // a member who came after it, when they joined: every entry of a drawn room has its place.
    const position = entry.place ?? (await repository.placeOf(entry.id));
    if (position === null) throw new Error(`waiting-room entry ${entry.id} has no place in a drawn room`);
    const through =
      entry.admittedAt !== null || waitingRoomState({ perMinute, joined: true, position, admitted: room.admitted, opensAt, now: at }) === 'admitted';
    if (through) {
      if (entry.admittedAt === null) await repository.markAdmitted(entry.id, at);
      return { ...answer, state: 'admitted', waiting, position, ahead: 0, estimatedAdmissionAt: at.toISOString() };
    }
    const estimate = estimateAdmissionAt({ position, admitted: room.admitted, advancedAt: room.advancedAt, opensAt, perMinute, now: at });
    return { ...answer, state: 'waiting', waiting, position, ahead: aheadOf(position, room.admitted), estimatedAdmissionAt: estimate.toISOString() };
  }

  /**
   * The step before any change of an offering's rate, whichever route makes it: every room whose
   * opening has passed is advanced at `from`, the rate until now, up to `at` (a room that had no
   * rate starts counting from `at`), so members already through stay through and the new rate
   * counts only from the change. Run under the offering row's lock, in the transaction that then
   * writes the new rate.
   */
  async function advanceBeforeRateChange(q: WaitingRoomQueries, tenantId: string, offeringId: string, from: number | null, at: Date): Promise<void> {
    for (const room of await q.roomsOf(offeringId)) {
      if (at.getTime() <= room.opensAt.getTime()) continue;
      if (from !== null) {
        await advanced(q, { tenantId, offeringId, tierId: room.tierId, opensAt: room.opensAt, perMinute: from }, at);
      } else {
        await q.advanceRoom(room, { admitted: room.admitted, advancedAt: at });
      }
    }
  }

  /** Refuses a member not yet through; for an offering without a room, one look-up by primary keys. */
  async function assertAdmitted(tenantId: string, customerId: string, allocationId: string): Promise<void> {
    const found = await repository.admissionOfAllocation(tenantId, customerId, allocationId);
    // An unknown allocation is the caller's 404 to give, in its own words.
    if (!found || found.perMinute === null || found.admitted) return;
    const room = await memberRoom(tenantId, customerId, allocationId, false);
    if (room.state !== 'admitted' && room.state !== 'no-room') throw notAdmittedYet();
  }

  /** The dashboard's panel: each opening's room advanced to now, and the holds active. */
async function staffView(tenantId: string, offeringId: string): Promise<StaffWaitingRoom> {
    const at = now();
    const offering = await repository.offering(tenantId, offeringId);
    if (!offering) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
    const rows = await repository.staffRooms(tenantId, offeringId, at);
    const rooms = [];
    for (const row of rows) {
      let { admitted, inQueue } = row;
      if (offering.perMinute !== null && row.roomId !== null) {
        const room = await advanced(repository, { tenantId, offeringId, tierId: row.tierId, opensAt: row.opensAt, perMinute: offering.perMinute }, at);
        ({ admitted, entries: inQueue } = room);
      }
      rooms.push({
        tierId: row.tierId,
        tierName: row.tierName,
        opensAt: row.opensAt.toISOString(),
        waiting: Math.max(0, inQueue - admitted),
        admitted,
        admittedLastMinute: row.admittedLastMinute,
      });
    }
    return { admissionPerMinute: offering.perMinute, serverTime: at.toISOString(), holdsActive: await repository.holdsActive(tenantId, offeringId, at), rooms };
  }

  return {
    /** `GET …/waiting-room`: the member's state, read only (the room advances, nobody joins). */
    read: (tenantId: string, customerId: string, allocationId: string) => memberRoom(tenantId, customerId, allocationId, false),

    /** `POST …/waiting-room`: joins the room, or finds the place already taken (reload, second tab). */
    join: (tenantId: string, customerId: string, allocationId: string) => memberRoom(tenantId, customerId, allocationId, true),

    assertAdmitted,
    staffView,

    /**
     * The rooms advanced at the old rate up to `at`, inside `tx`, for an edit of the offering that
     * changes its rate (the staff offering's PUT): the caller holds the offering's row lock and
     * writes the new rate after this, in the same transaction.
     */
    beforeRateChange: (tx: Database, tenantId: string, offeringId: string, from: number | null, at: Date): Promise<void> =>
      advanceBeforeRateChange(repository.within(tx), tenantId, offeringId, from, at),

    /**
     * A new admission rate, live: in one transaction, under the offering's lock, every room is
     * advanced at the old rate up to now, then the rate changes, so members already through stay
     * through and the new rate counts from now. A room turned back on starts counting from now.
     */
    async setRate(actor: AuditActor, offeringId: string, input: AdmissionRateInput): Promise<StaffWaitingRoom> {
      const at = now();
      const { tenantId } = actor;
      await repository.transaction(async (q, tx) => {
        const current = await q.lockOffering(tenantId, offeringId);
        if (!current) throw new ApiError('notFound', API_MESSAGES.offeringNotFound);
        await advanceBeforeRateChange(q, tenantId, offeringId, current.perMinute, at);
        await q.setRate(tenantId, offeringId, input.admissionPerMinute, at);
        await recordAudit(tx, actor, {
          action: 'offering.admissionRate',
          entityType: 'offering',
          entityId: offeringId,
          before: { admissionPerMinute: current.perMinute },
          after: { admissionPerMinute: input.admissionPerMinute },
        });
      });
      return staffView(tenantId, offeringId);
    },
  };
}

export type WaitingRoomService = ReturnType<typeof createWaitingRoomService>;
