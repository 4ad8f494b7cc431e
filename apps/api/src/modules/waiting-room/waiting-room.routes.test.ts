import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, type StaffOffering, type StaffWaitingRoom, type WaitingRoom } from '@winery/domain';
import { buildApp } from '../../app.js';
import { auditLog, carts, offerings, waitingRoomEntries, waitingRooms } from '../../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/*
 * The waiting room (issue 17, item 2) through the API, on a clock the test moves: places drawn at
 * the opening, admission at the offering's rate, the check on cart writes and orders, the rate
 * changed live by staff, and two API instances on one database keeping one count.
 */

let clock = new Date(Date.now() + 60_000);
let t: TestApp;
let f: OrderingFixtures;
let managerToken: string;
let viewerToken: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  f = await createOrderingFixtures(t);
  const manager = await t.createStaffUser({ role: 'manager' });
  const viewer = await t.createStaffUser({ role: 'viewer' });
  managerToken = await t.signInStaff(manager.email);
  viewerToken = await t.signInStaff(viewer.email);
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
});

type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;
const headers = (token: string) => ({ tenant: TEST_TENANT, authorization: token });
const roomUrl = (m: Member, allocationId = m.allocation.id) => `/v1/${TEST_TENANT}/customer/${m.customer.id}/allocation/${allocationId}/waiting-room`;
const join = (m: Member, app = t.app) => app.inject({ method: 'POST', url: roomUrl(m), headers: headers(m.token) });
const look = (m: Member, app = t.app) => app.inject({ method: 'GET', url: roomUrl(m), headers: headers(m.token) });
const at = (opensAt: Date, seconds: number) => new Date(opensAt.getTime() + seconds * 1000);
const staffRoom = (offeringId: string, token = managerToken) =>
  t.app.inject({ method: 'GET', url: `/v1/staff/offerings/${offeringId}/waiting-room`, headers: headers(token) });
const setRate = (offeringId: string, admissionPerMinute: number | null, token = managerToken) =>
  t.app.inject({ method: 'PUT', url: `/v1/staff/offerings/${offeringId}/admission-rate`, headers: headers(token), payload: { admissionPerMinute } });

/** An offering opening 10 minutes after the clock, with a waiting room at `perMinute`, and `size` members. */
async function release(size: number, perMinute: number | null = 60) {
  clock = new Date(Date.now());
  const opensAt = new Date(clock.getTime() + 10 * 60_000);
  const { offering, wines } = await f.createOpenOffering({ wines: [{ name: 'Quella', stock: 500 }], startDate: opensAt, endDate: new Date(opensAt.getTime() + DAY_MS) });
  await t.db.update(offerings).set({ admissionPerMinute: perMinute }).where(eq(offerings.id, offering.id));
  const wine = wines[0]!;
  const members: Member[] = [];
  for (let i = 0; i < size; i += 1) members.push(await f.createMember(offering.id, { [wine.id]: { maximum: 6 } }));
  return { offering, wine, members, opensAt };
}

const states = async (members: Member[], app = t.app) => Promise.all(members.map(async (m) => (await look(m, app)).json() as WaitingRoom));

describe('GET|POST …/allocation/{allocationId}/waiting-room', () => {
  it('gives N members joining at once before the opening N places, drawn at the opening, kept on reload', async () => {
    const { members, opensAt } = await release(12);
    const joined = await Promise.all(members.map((m) => join(m)));
    expect(joined.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    for (const r of joined) {
      // Before the opening: waiting, nobody has a place yet, the countdown's clock is the server's.
      expect(r.json()).toMatchObject({ state: 'waiting', position: null, ahead: null, estimatedAdmissionAt: null, admissionPerMinute: 60, opensAt: opensAt.toISOString(), serverTime: clock.toISOString() });
    }
    expect((await look(members[0]!)).json().waiting).toBe(12);

    clock = opensAt;
    expect((await states(members)).map((s) => s.state)).toEqual(members.map(() => 'waiting'));
    clock = at(opensAt, 0.5);
    const drawn = await states(members);
    expect(drawn.map((s) => s.position).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const s of drawn) {
      expect(s.ahead).toBe(s.position! - 1);
      expect(s.estimatedAdmissionAt).toBe(at(opensAt, s.position!).toISOString());
    }

    // A reload, a second tab, a second POST: the same place, and still one entry each.
    const again = await Promise.all(members.map((m) => join(m)));
    expect(again.map((r) => r.json().position)).toEqual(drawn.map((s) => s.position));
    const [entries] = await t.db.select({ n: count() }).from(waitingRoomEntries).where(eq(waitingRoomEntries.offeringId, members[0]!.allocation.offeringId));
    expect(entries!.n).toBe(12);
  });

  it('numbers each place once when the room opens under a crowd: the waiting by lottery, those joining at that moment next, no gap', async () => {
    const { members, opensAt, offering, wine } = await release(20);
    const early = members.slice(0, 12);
    const late = members.slice(12);
    await Promise.all(early.map((m) => join(m)));

    // The first reads after the opening draw the places while eight more members join.
    clock = at(opensAt, 0.5);
    const answers = await Promise.all([...early.map((m) => look(m)), ...late.map((m) => join(m))]);
    expect(answers.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    const positions = answers.map((r) => (r.json() as WaitingRoom).position);
    expect([...positions].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Those who waited come first, in the order of their lottery numbers; the others after them.
    expect(positions.slice(0, 12).every((p) => p! <= 12)).toBe(true);
    const offeringId = members[0]!.allocation.offeringId;
    const stored = await t.db
      .select({ customerId: waitingRoomEntries.customerId, lottery: waitingRoomEntries.lottery, place: waitingRoomEntries.place })
      .from(waitingRoomEntries)
      .where(eq(waitingRoomEntries.offeringId, offeringId));
    const waited = stored.filter((e) => early.some((m) => m.customer.id === e.customerId)).sort((a, b) => a.lottery - b.lottery);
    expect(waited.map((e) => e.place)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const [room] = await t.db.select().from(waitingRooms).where(eq(waitingRooms.offeringId, offeringId));
    expect(room).toMatchObject({ entries: 20, drawnAt: at(opensAt, 0.5) });

    // Every later read answers the same place; a member joining now takes the next number.
    clock = at(opensAt, 0.8);
    expect((await states(members)).map((s) => s.position)).toEqual(positions);
    const latest = await f.createMember(offering.id, { [wine.id]: { maximum: 6 } });
    expect((await join(latest)).json()).toMatchObject({ state: 'waiting', position: 21, waiting: 21 });
  });

  it('admits one a second at 60 a minute, puts later arrivals behind, and refuses carts and orders until then', async () => {
    const { members, opensAt, wine } = await release(5);
    const [late, ...early] = members as [Member, ...Member[]];
    await Promise.all(early.map((m) => join(m)));
    clock = at(opensAt, 0.2);
    const lateJoin = await join(late);
    expect(lateJoin.json()).toMatchObject({ state: 'waiting', position: 5, ahead: 4 });

    clock = at(opensAt, 2.5);
    const seen = await states(members);
    const through = seen.filter((s) => s.state === 'admitted');
    expect(through.map((s) => s.position).sort()).toEqual([1, 2]);
    expect(seen[0]).toMatchObject({ state: 'waiting', position: 5, ahead: 2, waiting: 3 });

    const first = members[seen.findIndex((s) => s.position === 1)]!;
    const fourth = members[seen.findIndex((s) => s.position === 4)]!;
    const putCart = (m: Member) =>
      t.app.inject({ method: 'PUT', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/cart`, headers: headers(m.token), payload: { allocationId: m.allocation.id, lines: [{ wineId: wine.id, quantity: 1 }] } });
    const refused = await putCart(fourth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ statusCode: 409, type: 'conflict', message: 'Your place in the waiting room has not come up yet.' });

    const cart = await putCart(first);
    expect(cart.statusCode).toBe(200);
    const order = (m: Member, cartId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order`,
        headers: headers(m.token),
        payload: { cartId, delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: m.address.id }, billingAddressId: m.address.id, payment: { cardId: m.card.id }, idempotencyKey: f.newKey() },
      });
    expect((await order(first, cart.json().id)).statusCode).toBe(201);

    // A cart made before staff turned a room on does not get round it: the order is refused too.
    clock = at(opensAt, 3.5);
    const [fifth] = (await states([late])).map((s) => s.position);
    expect(fifth).toBe(5);
    const [stale] = await t.db.insert(carts).values({ tenantId: TEST_TENANT, customerId: late.customer.id, allocationId: late.allocation.id, lines: [{ wineId: wine.id, quantity: 1 }] }).returning();
    const staleId = stale!.id;
    const refusedOrder = await order(late, staleId);
    expect(refusedOrder.statusCode).toBe(409);
    expect(refusedOrder.json().message).toBe('Your place in the waiting room has not come up yet.');

    clock = at(opensAt, 5);
    expect((await look(late)).json()).toMatchObject({ state: 'admitted', position: 5, ahead: 0 });
    expect((await order(late, staleId)).statusCode).toBe(201);

    // Through since 4 s without having looked at the room since it was refused: the order's
    // context sends it to the room, which finds it through, and the order goes on.
    const [fourthCart] = await t.db.insert(carts).values({ tenantId: TEST_TENANT, customerId: fourth.customer.id, allocationId: fourth.allocation.id, lines: [{ wineId: wine.id, quantity: 1 }] }).returning();
    const placed = await order(fourth, fourthCart!.id);
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ status: 'pending' });
  });

  it('has no room without a rate: everyone is through, carts are not held up', async () => {
    const { members, opensAt, wine } = await release(1, null);
    clock = at(opensAt, 1);
    const [m] = members as [Member];
    expect((await join(m)).json()).toMatchObject({ state: 'no-room', position: null, waiting: 0, admissionPerMinute: null });
    const cart = await t.app.inject({ method: 'PUT', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/cart`, headers: headers(m.token), payload: { allocationId: m.allocation.id, lines: [{ wineId: wine.id, quantity: 1 }] } });
    expect(cart.statusCode).toBe(200);
  });

  it("refuses to join once the member's window has closed (409), to the millisecond, and still reads a place kept", async () => {
    const { members, opensAt } = await release(3);
    const [kept, last, late] = members as [Member, Member, Member];
    expect((await join(kept)).statusCode).toBe(200);
    const closesAt = new Date(opensAt.getTime() + DAY_MS);
    // The closing instant is still the window's.
    clock = closesAt;
    expect((await join(last)).statusCode).toBe(200);
    clock = new Date(closesAt.getTime() + 1);
    for (const m of [late, kept]) {
      const refused = await join(m);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'This offering is closed.' });
    }
    expect((await look(late)).json().state).toBe('not-joined');
    expect((await look(kept)).statusCode).toBe(200);
    const [entries] = await t.db.select({ n: count() }).from(waitingRoomEntries).where(eq(waitingRoomEntries.offeringId, late.allocation.offeringId));
    expect(entries!.n).toBe(2);
  });

  it('refuses to join an offering once it is cancelled, before or after its opening; a cancellation still to come does not', async () => {
    const { offering, members, opensAt } = await release(3);
    const [early, later, never] = members as [Member, Member, Member];
    await t.db.update(offerings).set({ cancelledAt: new Date(clock.getTime() + 60_000) }).where(eq(offerings.id, offering.id));
    expect((await join(early)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    const refused = await join(later);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This offering is closed.');
    clock = at(opensAt, 5);
    expect((await join(never)).statusCode).toBe(409);
  });

  it("answers 404 for another member's allocation, and GET does not join", async () => {
    const { members } = await release(2);
    const [a, b] = members as [Member, Member];
    const other = await t.app.inject({ method: 'POST', url: roomUrl(a, b.allocation.id), headers: headers(a.token) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ type: 'notFound', message: 'This allocation does not exist' });
    expect((await look(a)).json().state).toBe('not-joined');
    const [entries] = await t.db.select({ n: count() }).from(waitingRoomEntries).where(eq(waitingRoomEntries.offeringId, a.allocation.offeringId));
    expect(entries!.n).toBe(0);
  });
});

describe('staff: GET …/waiting-room and PUT …/admission-rate', () => {
  it('shows each room and changes the rate live: the old rate up to the change, the new one after', async () => {
    const { offering, members, opensAt } = await release(20, 6);
    await Promise.all(members.map((m) => join(m)));
    clock = at(opensAt, 30);
    const before = await staffRoom(offering.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ admissionPerMinute: 6, holdsActive: 0, rooms: [{ tierId: null, tierName: null, opensAt: opensAt.toISOString(), waiting: 17, admitted: 3 }] });

    // A viewer reads but cannot change it; a bad rate is a field error.
    expect((await staffRoom(offering.id, viewerToken)).statusCode).toBe(200);
    expect((await setRate(offering.id, 60, viewerToken)).statusCode).toBe(403);
    const bad = await setRate(offering.id, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'admissionPerMinute' })]);

    clock = at(opensAt, 45);
    const changed = await setRate(offering.id, 60);
    expect(changed.statusCode).toBe(200);
    // 6 a minute up to the change: 4 through by 40 s (the fifth was due at 50 s); then 60 a minute
    // from 40 s on: 9 at 45 s. At the new rate from the last advance (30 s) it would be 18.
    expect((changed.json() as StaffWaitingRoom).rooms[0]).toMatchObject({ admitted: 9, waiting: 11 });
    clock = at(opensAt, 50);
    expect(((await staffRoom(offering.id)).json() as StaffWaitingRoom).rooms[0]).toMatchObject({ admitted: 14, waiting: 6 });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, offering.id), eq(auditLog.action, 'offering.admissionRate')));
    expect(audit).toMatchObject({ before: { admissionPerMinute: 6 }, after: { admissionPerMinute: 60 } });

    // Members see it: those through say so, and the count on the dashboard follows them.
    const seen = await states(members);
    expect(seen.filter((s) => s.state === 'admitted')).toHaveLength(14);
    expect(((await staffRoom(offering.id)).json() as StaffWaitingRoom).rooms[0]!.admittedLastMinute).toBe(14);
  });

  it("changes the rate through the offering's own PUT the same way, and an edit that keeps the rate moves no room", async () => {
    const { offering, members, opensAt } = await release(20, 6);
    await Promise.all(members.map((m) => join(m)));
    clock = at(opensAt, 30);
    expect(((await staffRoom(offering.id)).json() as StaffWaitingRoom).rooms[0]).toMatchObject({ admitted: 3, waiting: 17 });

    // The console's form sends the whole offering back, the rate it read included.
    const read = (await t.app.inject({ method: 'GET', url: `/v1/staff/offerings/${offering.id}`, headers: headers(managerToken) })).json() as StaffOffering;
    const edit = (changes: Partial<StaffOffering>) =>
      t.app.inject({ method: 'PUT', url: `/v1/staff/offerings/${offering.id}`, headers: headers(managerToken), payload: { ...read, ...changes } });
    const roomRow = async () => (await t.db.select().from(waitingRooms).where(eq(waitingRooms.offeringId, offering.id)))[0]!;

    // 42 s: at the old rate a fourth member would be through by now, but nobody has read the room.
    clock = at(opensAt, 42);
    const kept = await roomRow();
    expect((await edit({ name: 'Renamed during the release' })).statusCode).toBe(200);
    expect(await roomRow()).toEqual(kept);

    clock = at(opensAt, 45);
    const changed = await edit({ admissionPerMinute: 60 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().admissionPerMinute).toBe(60);
    // As from the dashboard: 6 a minute up to 40 s (4 through), then 60 a minute: 9 at 45 s, not 18.
    expect(((await staffRoom(offering.id)).json() as StaffWaitingRoom).rooms[0]).toMatchObject({ admitted: 9, waiting: 11 });

    // Turned off and on again from the form: the room counts from the moment it is back.
    clock = at(opensAt, 50);
    expect((await edit({ admissionPerMinute: null })).statusCode).toBe(200);
    clock = at(opensAt, 80);
    expect((await edit({ admissionPerMinute: 60 })).statusCode).toBe(200);
    clock = at(opensAt, 82);
    expect(((await staffRoom(offering.id)).json() as StaffWaitingRoom).rooms[0]).toMatchObject({ admitted: 16 });
  });

  it('keeps a rate changed on the dashboard when a form opened before it is saved; a rate typed in that form still counts', async () => {
    const { offering } = await release(2, 6);
    // The console's form sends back the rate it read beside the rate in its field.
    const read = (await t.app.inject({ method: 'GET', url: `/v1/staff/offerings/${offering.id}`, headers: headers(managerToken) })).json() as StaffOffering;
    const save = (changes: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/v1/staff/offerings/${offering.id}`, headers: headers(managerToken), payload: { ...read, admissionPerMinuteWas: read.admissionPerMinute, ...changes } });

    expect((await setRate(offering.id, 120)).statusCode).toBe(200);
    const typo = await save({ name: 'A typo put right' });
    expect(typo.statusCode).toBe(200);
    expect(typo.json()).toMatchObject({ name: 'A typo put right', admissionPerMinute: 120 });

    const typed = await save({ admissionPerMinute: 30 });
    expect(typed.json().admissionPerMinute).toBe(30);
    const off = await save({ admissionPerMinute: null });
    expect(off.json().admissionPerMinute).toBeNull();

    // A client that does not say what it read sets the rate it sends.
    const plain = await t.app.inject({ method: 'PUT', url: `/v1/staff/offerings/${offering.id}`, headers: headers(managerToken), payload: { ...read } });
    expect(plain.json().admissionPerMinute).toBe(6);
  });

  it('answers 404 for an unknown offering', async () => {
    expect((await staffRoom(t.newId())).statusCode).toBe(404);
    expect((await setRate(t.newId(), 10)).statusCode).toBe(404);
  });
});

describe('two API instances on one database', () => {
  it('advance one room consistently: nobody admitted twice, the counts add up', async () => {
    const { members, opensAt, offering } = await release(30, 120);
    const second = await buildApp({ db: t.db, signingKeys: t.signingKeys, now: () => clock, logLevel: 'silent', webRoot: null });
    await second.ready();
    try {
      await Promise.all(members.map((m, i) => join(m, i % 2 === 0 ? t.app : second)));
      // Interleaved polls, both instances at once, every quarter second of the first ten.
      for (let step = 1; step <= 40; step += 1) {
        clock = at(opensAt, step / 4);
        await Promise.all(members.slice(0, 8).map((m, i) => look(m, (i + step) % 2 === 0 ? t.app : second)));
      }
      clock = at(opensAt, 10);
      const seen = await states(members, second);
      const through = seen.filter((s) => s.state === 'admitted').map((s) => s.position!);
      // 120 a minute for 10 s: 20 through, positions 1–20 each once.
      expect(through.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      const [room] = await t.db.select().from(waitingRooms).where(eq(waitingRooms.offeringId, offering.id));
      expect(room!.admitted).toBe(20);
      const [marked] = await t.db
        .select({ n: count() })
        .from(waitingRoomEntries)
        .where(and(eq(waitingRoomEntries.offeringId, offering.id), isNotNull(waitingRoomEntries.admittedAt)));
      expect(marked!.n).toBe(20);
      expect(new Set(seen.map((s) => s.position)).size).toBe(30);
    } finally {
      await second.close();
    }
  });
});
