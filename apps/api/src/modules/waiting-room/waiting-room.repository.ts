import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

/*
 * The waiting room's queries (issue 17, ADR 029). Raw SQL on purpose: the member's own window is
 * the view `allocation_windows`, the queue's order is the domain's queueOrder written as one
 * numbering at the opening's draw, and a room advances in one conditional UPDATE that only
 * succeeds from the state it was read in, so any number of API instances may advance it. Nothing
 * a member's poll runs counts the queue: it reads its place and the room's count of members.
 */

export interface MemberRoomContext {
  offeringId: string;
  /** The opening the member queues for: their tier's own, or null for the offering's. */
  tierId: string | null;
  opensAt: Date;
  closesAt: Date;
  /** When staff cancelled the offering; null when they did not. */
  cancelledAt: Date | null;
  perMinute: number | null;
  entry: EntryRow | null;
}

export interface EntryRow {
  id: string;
  tierId: string | null;
  lottery: number;
  joinedAt: Date;
  admittedAt: Date | null;
  /** The member's place in the queue (from 1); null until the opening's draw. */
  place: number | null;
}

export interface RoomRow {
  id: string;
  admitted: number;
  advancedAt: Date | null;
  /** Members in the room's queue, through or not. */
  entries: number;
  /** When the places of those who waited for the opening were drawn; null before. */
  drawnAt: Date | null;
}

export interface StaffRoomRow {
  tierId: string | null;
  tierName: string | null;
  opensAt: Date;
  roomId: string | null;
  admitted: number;
  advancedAt: Date | null;
  inQueue: number;
  admittedLastMinute: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const maybeDate = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));
const iso = (value: Date) => sql`${value.toISOString()}::timestamptz`;
/** A room's tier in a WHERE: `= id`, or `is null` for the offering's own opening (so the index is used). */
const sameTier = (column: SQL, tierId: string | null) => (tierId === null ? sql`${column} is null` : sql`${column} = ${tierId}::uuid`);

const toEntry = (row: Row): EntryRow | null =>
  row.entry_id
    ? {
        id: String(row.entry_id),
        tierId: (row.entry_tier_id as string | null) ?? null,
        lottery: Number(row.lottery),
        joinedAt: date(row.joined_at),
        admittedAt: maybeDate(row.admitted_at),
        place: row.place === null || row.place === undefined ? null : Number(row.place),
      }
    : null;

const toRoom = (row: Row): RoomRow => ({
  id: String(row.id),
  admitted: Number(row.admitted),
  advancedAt: maybeDate(row.advanced_at),
  entries: Number(row.entries),
  drawnAt: maybeDate(row.drawn_at),
});
const ROOM_COLUMNS = sql.raw('id, admitted, advanced_at, entries, drawn_at');

function createWaitingRoomQueries(db: Database) {
  return {
    /**
     * The member's window and room in one read, with their place when they have one; undefined
     * for another member's, an unknown or an unpublished allocation.
     */
    async memberContext(tenantId: string, customerId: string, allocationId: string): Promise<MemberRoomContext | undefined> {
      const [row] = rowsOf(
        await db.execute(sql`
          select w.offering_id, w.opening_tier_id, w.opens_at, w.closes_at, o.cancelled_at, o.admission_per_minute,
                 e.id as entry_id, e.tier_id as entry_tier_id, e.lottery, e.joined_at, e.admitted_at, e.place
            from allocation_windows w
            join offerings o on o.id = w.offering_id and o.tenant_id = w.tenant_id and o.status = 'published'
            left join waiting_room_entries e on e.offering_id = w.offering_id and e.customer_id = w.customer_id
           where w.tenant_id = ${tenantId} and w.customer_id = ${customerId}::uuid and w.allocation_id = ${allocationId}::uuid`),
      );
      if (!row) return undefined;
      return {
        offeringId: String(row.offering_id),
        tierId: (row.opening_tier_id as string | null) ?? null,
        opensAt: date(row.opens_at),
        closesAt: date(row.closes_at),
        cancelledAt: maybeDate(row.cancelled_at),
        perMinute: row.admission_per_minute === null ? null : Number(row.admission_per_minute),
        entry: toEntry(row),
      };
    },

    /**
     * The admission check's first and often only read: the offering's rate and whether the member
     * was already seen through. Primary-key look-ups only, so orders stay fast without a room.
     */
    async admissionOfAllocation(tenantId: string, customerId: string, allocationId: string) {
      const [row] = rowsOf(
        await db.execute(sql`
          select o.admission_per_minute, e.admitted_at
            from allocations a
            join offerings o on o.id = a.offering_id
            left join waiting_room_entries e on e.offering_id = a.offering_id and e.customer_id = a.customer_id
           where a.tenant_id = ${tenantId} and a.customer_id = ${customerId}::uuid and a.id = ${allocationId}::uuid`),
      );
      return row ? { perMinute: row.admission_per_minute === null ? null : Number(row.admission_per_minute), admitted: row.admitted_at != null } : undefined;
    },

    /** The room of an opening, made on first use (one per opening, whoever comes first). */
    async room(tenantId: string, offeringId: string, tierId: string | null): Promise<RoomRow> {
      const tier = sameTier(sql.raw('tier_id'), tierId);
      const found = rowsOf(await db.execute(sql`select ${ROOM_COLUMNS} from waiting_rooms where offering_id = ${offeringId}::uuid and ${tier}`));
      if (found[0]) return toRoom(found[0]);
      await db.execute(sql`
        insert into waiting_rooms (tenant_id, offering_id, tier_id) values (${tenantId}, ${offeringId}::uuid, ${tierId}::uuid)
        on conflict do nothing`);
      const [row] = rowsOf(await db.execute(sql`select ${ROOM_COLUMNS} from waiting_rooms where offering_id = ${offeringId}::uuid and ${tier}`));
      return toRoom(row!);
    },

    /**
     * The opening's draw, once per room whoever comes first: everyone in the queue is numbered in
     * its order (domain queueOrder: those who waited by lottery, then any later arrival by when they
     * came, the id breaking ties). The room's row is claimed first, in the same transaction, so a
     * member joining meanwhile either was counted before the claim (and is numbered here) or counts
     * themselves after it and takes the next number (`join`). Answers the room as it now is.
     */
    async draw(room: RoomRow, offeringId: string, tierId: string | null, opensAt: Date, at: Date): Promise<RoomRow> {
      return db.transaction(async (tx) => {
        const claimed = rowsOf(await tx.execute(sql`update waiting_rooms set drawn_at = ${iso(at)} where id = ${room.id}::uuid and drawn_at is null returning id`));
        if (claimed.length === 1) {
          const opening = iso(opensAt);
          await tx.execute(sql`
            update waiting_room_entries e set place = ranked.place
              from (select id, row_number() over (
                             order by joined_at >= ${opening},
                                      case when joined_at < ${opening} then lottery end,
                                      case when joined_at >= ${opening} then joined_at end,
                                      id) as place
                      from waiting_room_entries
                     where offering_id = ${offeringId}::uuid and ${sameTier(sql.raw('tier_id'), tierId)}) ranked
             where e.id = ranked.id`);
        }
        const [row] = rowsOf(await tx.execute(sql`select ${ROOM_COLUMNS} from waiting_rooms where id = ${room.id}::uuid`));
        return toRoom(row!);
      });
    },

    /**
     * Moves a room from the state it was read in to the next; false when another request (in this
     * instance or another) moved it first, in which case that move stands and nobody is counted twice.
     */
    async advanceRoom(from: RoomRow, to: Pick<RoomRow, 'admitted' | 'advancedAt'>): Promise<boolean> {
      const result = await db.execute(sql`
        update waiting_rooms set admitted = ${to.admitted}, advanced_at = ${to.advancedAt ? iso(to.advancedAt) : null}
         where id = ${from.id}::uuid and admitted = ${from.admitted}
           and advanced_at is not distinct from ${from.advancedAt ? iso(from.advancedAt) : sql`null::timestamptz`}
        returning id`);
      return rowsOf(result).length === 1;
    },

    /**
     * A place for the member in `room`, kept if they have one: a reload or a second tab finds the
     * same. A new entry counts itself in the room in the same transaction, and after the opening's
     * draw takes the next number: the room's row lock orders it after any draw under way.
     */
    async join(tenantId: string, room: RoomRow, offeringId: string, tierId: string | null, customerId: string, at: Date): Promise<{ entry: EntryRow; entries: number }> {
      return db.transaction(async (tx) => {
        const [added] = rowsOf(
          await tx.execute(sql`
            insert into waiting_room_entries (tenant_id, offering_id, tier_id, customer_id, joined_at)
            values (${tenantId}, ${offeringId}::uuid, ${tierId}::uuid, ${customerId}::uuid, ${iso(at)})
            on conflict (offering_id, customer_id) do nothing
            returning id as entry_id, tier_id as entry_tier_id, lottery, joined_at, admitted_at, place`),
        );
        if (!added) {
          const [kept] = rowsOf(
            await tx.execute(sql`
              select e.id as entry_id, e.tier_id as entry_tier_id, e.lottery, e.joined_at, e.admitted_at, e.place, r.entries
                from waiting_room_entries e
                left join waiting_rooms r on r.offering_id = e.offering_id and r.tier_id is not distinct from e.tier_id
               where e.offering_id = ${offeringId}::uuid and e.customer_id = ${customerId}::uuid`),
          );
          return { entry: toEntry(kept!)!, entries: Number(kept!.entries ?? room.entries) };
        }
        const [counted] = rowsOf(
          await tx.execute(sql`update waiting_rooms set entries = entries + 1 where id = ${room.id}::uuid returning entries, drawn_at`),
        );
        const entry = toEntry(added)!;
        const entries = Number(counted!.entries);
        if (counted!.drawn_at === null) return { entry, entries };
        await tx.execute(sql`update waiting_room_entries set place = ${entries} where id = ${entry.id}::uuid`);
        return { entry: { ...entry, place: entries }, entries };
      });
    },

    /** A member's place as it is now (numbered by a draw after their entry was read). */
    async placeOf(entryId: string): Promise<number | null> {
      const [row] = rowsOf(await db.execute(sql`select place from waiting_room_entries where id = ${entryId}::uuid`));
      return row?.place === null || row?.place === undefined ? null : Number(row.place);
    },

    /** The first time a member is seen through (the dashboard's per-minute count, the bench's fairness). */
    async markAdmitted(entryId: string, at: Date): Promise<void> {
      await db.execute(sql`update waiting_room_entries set admitted_at = ${iso(at)} where id = ${entryId}::uuid and admitted_at is null`);
    },

    /** The offering's rate (undefined: no such offering of the tenant). */
    async offering(tenantId: string, offeringId: string) {
      const [row] = rowsOf(
        await db.execute(sql`select id, start_date, admission_per_minute from offerings where tenant_id = ${tenantId} and id = ${offeringId}::uuid`),
      );
      return row ? { id: String(row.id), startDate: date(row.start_date), perMinute: row.admission_per_minute === null ? null : Number(row.admission_per_minute) } : undefined;
    },

    /**
     * Every opening of the offering (its own, and each tier's with an opening of its own or a room
     * already), with its room's state, the members in its queue and those through in the last minute.
     */
    async staffRooms(tenantId: string, offeringId: string, at: Date): Promise<StaffRoomRow[]> {
      const rows = rowsOf(
        await db.execute(sql`
          with openings as (
            select null::uuid as tier_id, null::text as tier_name, o.start_date as opens_at
              from offerings o where o.tenant_id = ${tenantId} and o.id = ${offeringId}::uuid
            union all
            select t.tier_id, tr.name, t.opens_at
              from offering_tier_openings t join tiers tr on tr.id = t.tier_id
             where t.tenant_id = ${tenantId} and t.offering_id = ${offeringId}::uuid)
          select op.tier_id, op.tier_name, op.opens_at, r.id as room_id, coalesce(r.admitted, 0) as admitted, r.advanced_at,
                 coalesce(r.entries, 0) as in_queue,
                 (select count(*)::int from waiting_room_entries e
                   where e.offering_id = ${offeringId}::uuid and e.tier_id is not distinct from op.tier_id
                     and e.admitted_at > ${iso(at)} - interval '1 minute' and e.admitted_at <= ${iso(at)}) as admitted_last_minute
            from openings op
            left join waiting_rooms r on r.offering_id = ${offeringId}::uuid and r.tier_id is not distinct from op.tier_id
           order by op.opens_at, op.tier_name nulls first`),
      );
      return rows.map((row) => ({
        tierId: (row.tier_id as string | null) ?? null,
        tierName: (row.tier_name as string | null) ?? null,
        opensAt: date(row.opens_at),
        roomId: (row.room_id as string | null) ?? null,
        admitted: Number(row.admitted),
        advancedAt: maybeDate(row.advanced_at),
        inQueue: Number(row.in_queue),
        admittedLastMinute: Number(row.admitted_last_minute),
      }));
    },

    /** Members whose chosen bottles are held for them at `at`. */
    async holdsActive(tenantId: string, offeringId: string, at: Date): Promise<number> {
      const [row] = rowsOf(
        await db.execute(sql`
          select count(distinct allocation_id)::int as n from stock_holds
           where tenant_id = ${tenantId} and offering_id = ${offeringId}::uuid and ended_at is null and expires_at > ${iso(at)}`),
      );
      return Number(row?.n ?? 0);
    },

    /** Locks the offering's row for a rate change: rooms advance at the old rate, then the rate changes. */
    async lockOffering(tenantId: string, offeringId: string) {
      const [row] = rowsOf(
        await db.execute(sql`select id, admission_per_minute from offerings where tenant_id = ${tenantId} and id = ${offeringId}::uuid for update`),
      );
      return row ? { perMinute: row.admission_per_minute === null ? null : Number(row.admission_per_minute) } : undefined;
    },

    async setRate(tenantId: string, offeringId: string, perMinute: number | null, at: Date): Promise<void> {
      await db.execute(sql`update offerings set admission_per_minute = ${perMinute}, updated_at = ${iso(at)} where tenant_id = ${tenantId} and id = ${offeringId}::uuid`);
    },

    /** The rooms of an offering as stored, each with its opening (for advancing each before a rate change). */
    async roomsOf(offeringId: string): Promise<(RoomRow & { tierId: string | null; opensAt: Date })[]> {
      const rows = rowsOf(
        await db.execute(sql`
          select r.id, r.tier_id, r.admitted, r.advanced_at, r.entries, r.drawn_at, coalesce(t.opens_at, o.start_date) as opens_at
            from waiting_rooms r
            join offerings o on o.id = r.offering_id
            left join offering_tier_openings t on t.offering_id = r.offering_id and t.tier_id = r.tier_id
           where r.offering_id = ${offeringId}::uuid`),
      );
      return rows.map((row) => ({ ...toRoom(row), tierId: (row.tier_id as string | null) ?? null, opensAt: date(row.opens_at) }));
    },
  };
}

export type WaitingRoomQueries = ReturnType<typeof createWaitingRoomQueries>;

export function createWaitingRoomRepository(db: Database) {
  return {
    ...createWaitingRoomQueries(db),
    /** The same queries inside a transaction another area opened (an edit of the offering). */
    within: (tx: Database): WaitingRoomQueries => createWaitingRoomQueries(tx),
    /** Runs `work` in one transaction with the same queries bound to it. */
    transaction<T>(work: (queries: WaitingRoomQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(createWaitingRoomQueries(tx as unknown as Database), tx as unknown as Database));
    },
  };
}

export type WaitingRoomRepository = ReturnType<typeof createWaitingRoomRepository>;
