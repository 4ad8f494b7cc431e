import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { allocations, customers, orders } from '../../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { createTestGateway, readTestGatewayLedger, type TestGateway } from '../payments/test-gateway.js';

/**
 * A process killed after the gateway approved an order's card and before the order committed
 * leaves a hold on the member's card and no order. A new process (here: a second app on the same
 * database, with the test gateway reading the same records, as after a restart) voids such holds
 * before it takes requests, and leaves alone every hold an order carries or a placement still
 * running is about to commit.
 */

let t: TestApp;
let f: OrderingFixtures;
let dir: string;
let ledgerPath: string;
const restarted: FastifyInstance[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'winery-sweep-'));
  ledgerPath = join(dir, 'ledger.jsonl');
  t = await createTestApp({ paymentGateway: createTestGateway({ ledgerPath }) });
  f = await createOrderingFixtures(t);
});
afterAll(async () => {
  for (const app of restarted) await app.close();
  ignoreDroppedConnections(t);
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A new API process on the same database: its gateway reads the records the old one left. */
async function restart(): Promise<{ app: FastifyInstance; gateway: TestGateway; ready: Promise<void> }> {
  const gateway = createTestGateway({ ledgerPath });
  const app = await buildApp({ db: t.db, signingKeys: t.signingKeys, logLevel: 'silent', webRoot: null, paymentGateway: gateway });
  restarted.push(app);
  const ready = new Promise<void>((resolve, reject) => app.ready((error) => (error ? reject(error) : resolve())));
  return { app, gateway, ready };
}

type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;

/** Two bottles chosen: the member's cart (a new one after an order, which takes its cart with it). */
async function chooseTwo(member: Member, wineId: string) {
  const cart = await t.app.inject({
    method: 'PUT',
    url: `/v1/${TEST_TENANT}/customer/${member.customer.id}/cart`,
    headers: { tenant: TEST_TENANT, authorization: member.token },
    payload: { allocationId: member.allocation.id, lines: [{ wineId, quantity: 2 }] },
  });
  expect(cart.statusCode).toBe(200);
  return cart.json().id as string;
}

async function memberWithCart() {
  const { offering, wines } = await f.createOpenOffering({ wines: [{ priceCents: 10_000, stock: 20 }] });
  const member = await f.createMember(offering.id, { [wines[0]!.id]: { maximum: 6 } });
  return { member, wineId: wines[0]!.id, cartId: await chooseTwo(member, wines[0]!.id) };
}

const place = (app: FastifyInstance, member: Member, cartId: string, idempotencyKey: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/${TEST_TENANT}/customer/${member.customer.id}/order`,
    headers: { tenant: TEST_TENANT, authorization: member.token },
    payload: {
      cartId,
      delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: member.address.id },
      billingAddressId: member.address.id,
      payment: { cardId: member.card.id },
      idempotencyKey,
    },
  });

/** What a killed process leaves: the gateway approved the member's card for a submission, no order was written. */
async function holdWithoutOrder(gateway: TestGateway, member: Member, idempotencyKey: string) {
  const result = await gateway.authorize({
    token: member.card.gatewayToken,
    amountCents: 25_000,
    idempotencyKey: `killed-${idempotencyKey}`,
    reference: { tenantId: TEST_TENANT, customerId: member.customer.id, allocationId: member.allocation.id, idempotencyKey },
  });
  if (result.status !== 'approved') throw new Error('not approved');
  return result.authorizationId;
}

const openHolds = (gateway: TestGateway) => gateway.listOpenAuthorizations(new Date(0)).then((holds) => holds.map((hold) => hold.authorizationId));

describe('card holds without an order, after a restart', () => {
  it('are voided before the new process answers; holds of written orders stay; the same submission then makes one order with a fresh hold', async () => {
    const { member, wineId, cartId: first } = await memberWithCart();
    const placed = await place(t.app, member, first, f.newKey());
    expect(placed.statusCode).toBe(201);
    const [written] = await t.db.select().from(orders).where(eq(orders.id, placed.json().id));
    // Two more bottles, whose placement is killed after the card was approved.
    const cartId = await chooseTwo(member, wineId);
    const key = f.newKey();
    const orphan = await holdWithoutOrder(t.gateway, member, key);

    const next = await restart();
    await next.ready;
    expect(next.gateway.voidedAuthorizationIds).toEqual([orphan]);
    expect(await openHolds(next.gateway)).toContain(written!.authorizationId);
    expect(await openHolds(next.gateway)).not.toContain(orphan);
    // The records say so too: they are what a later process reads.
    expect(readTestGatewayLedger(ledgerPath)).toContainEqual(expect.objectContaining({ kind: 'void', authorizationId: orphan }));

    // The member, who never saw an answer, sends the submission again: one order, one new hold.
    const charged = next.gateway.authorizationCount;
    const retried = await place(next.app, member, cartId, key);
    expect(retried.statusCode).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, retried.json().id));
    expect(row!.authorizationId).not.toBe(orphan);
    expect(await openHolds(next.gateway)).toContain(row!.authorizationId);
    expect(next.gateway.authorizationCount).toBe(charged + 1);
    // And once more, as a browser would: the same order, no new charge.
    const again = await place(next.app, member, cartId, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: retried.json().id, number: retried.json().number });
    expect(next.gateway.authorizationCount).toBe(charged + 1);

    // A later start finds nothing more to void.
    const later = await restart();
    await later.ready;
    expect(later.gateway.voidedAuthorizationIds).toEqual([orphan]);
  });

  it('are left alone while their placement still runs: the sweep waits for its commit', async () => {
    const { member } = await memberWithCart();
    const key = f.newKey();
    let next: Awaited<ReturnType<typeof restart>> | undefined;
    let hold = '';
    let ready = false;
    let readyBeforeCommit = true;
    await t.db.transaction(async (tx) => {
      // What placement holds from before it authorises until it commits.
      await tx
        .select({ id: allocations.id })
        .from(allocations)
        .where(and(eq(allocations.tenantId, TEST_TENANT), eq(allocations.id, member.allocation.id)))
        .for('no key update');
      hold = await holdWithoutOrder(t.gateway, member, key);
      next = await restart();
      void next.ready.then(() => {
        ready = true;
      });
      await sleep(300);
      readyBeforeCommit = ready;
      await tx.insert(orders).values({
        tenantId: TEST_TENANT,
        customerId: member.customer.id,
        allocationId: member.allocation.id,
        number: `AE-${Date.now() % 100_000_000}`,
        totalCents: 25_000,
        authorizationId: hold,
        idempotencyKey: key,
      });
    });
    await next!.ready;
    expect(readyBeforeCommit).toBe(false);
    expect(next!.gateway.voidedAuthorizationIds).not.toContain(hold);
    expect(await openHolds(next!.gateway)).toContain(hold);
    const [carried] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.authorizationId, hold));
    expect(carried!.n).toBe(1);
  });
});

describe('a captured payment', () => {
  it('is never voided by the sweep: neither an order\'s that was shipped, nor one whose order is gone with its member', async () => {
    const manager = await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email);
    const ship = async (orderId: string) => {
      const move = (payload: object) =>
        t.app.inject({ method: 'POST', url: `/v1/staff/orders/${orderId}/status`, headers: { tenant: TEST_TENANT, authorization: manager }, payload });
      expect((await move({ status: 'processing' })).statusCode).toBe(200);
      const shipped = await move({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
      expect(shipped.json().payment.status).toBe('captured');
    };
    const shippedOrder = await memberWithCart();
    const kept = await place(t.app, shippedOrder.member, shippedOrder.cartId, f.newKey());
    await ship(kept.json().id);
    const [keptRow] = await t.db.select().from(orders).where(eq(orders.id, kept.json().id));
    // A member erased after their order shipped: the order goes with them, the charge stays.
    const erased = await memberWithCart();
    const gone = await place(t.app, erased.member, erased.cartId, f.newKey());
    await ship(gone.json().id);
    const [goneRow] = await t.db.select().from(orders).where(eq(orders.id, gone.json().id));
    await t.db.delete(customers).where(eq(customers.id, erased.member.customer.id));
    expect(await t.db.select().from(orders).where(eq(orders.id, goneRow!.id))).toEqual([]);

    const next = await restart();
    await next.ready;
    for (const row of [keptRow!, goneRow!]) {
      expect(next.gateway.voidedAuthorizationIds).not.toContain(row.authorizationId);
      expect(next.gateway.captures).toContainEqual({ authorizationId: row.authorizationId, amountCents: row.totalCents });
      expect(await openHolds(next.gateway)).not.toContain(row.authorizationId);
    }
    // Nor when asked to by hand: money taken is given back by a refund, never by a void.
    await expect(next.gateway.voidAuthorization(goneRow!.authorizationId!)).rejects.toThrow(/refunded, never voided/);
  });
});
