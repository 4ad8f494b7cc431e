// The release-day bench's data, written in SQL straight to the bench database: a producer with N
// members, each with an allocation of one or two of four wines, an address and a saved card;
// stock put back between sections; allocation links as the invitations issue them; and the
// checks, in SQL afterwards, that nothing was oversold, over a maximum or charged twice.
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from './in-process-api.mjs';

export const TENANT = 'bench';
export const PASSWORD = 'Release-Day-Bench-2026';

/**
 * Seeds the producer, its members (1–3 bottles of one or two wines each, exactly what they then
 * order), two locations (stock in the cellar only), tax and shipping rates. Answers the members
 * (customerId, email, n, allocationId, addressId, cardId, lines) and the wines (id, name, price).
 */
export async function seedDatabase(db, { members: count }) {
  const hash = hashPassword(PASSWORD);
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query(`insert into tenants (id, name) values ($1, 'Bench Estate')`, [TENANT]);
    const customers = (
      await client.query(
        `insert into customers (tenant_id, first_name, last_name, email, password_hash)
         select $1, 'Member', 'No. ' || i, 'member' || i || '@bench.example', $2 from generate_series(1, $3) as i
         returning id, email`,
        [TENANT, hash, count],
      )
    ).rows
      .map((row) => ({ customerId: row.id, email: row.email, n: Number(row.email.match(/\d+/)[0]) }))
      .sort((a, b) => a.n - b.n);
    const [cellar, room] = (
      await client.query(
        `insert into inventory_locations (tenant_id, name, address, country_code, state_code, ships_from, pickup, sort_order) values
           ($1, 'Winery Cellar', '1 Estate Road, Healdsburg, CA', 'US', 'CA', true, true, 0),
           ($1, 'City Tasting Room', '20 Hudson Street, New York, NY', 'US', 'NY', false, true, 1)
         returning id`,
        [TENANT],
      )
    ).rows;
    const offering = (
      await client.query(
        `insert into offerings (tenant_id, name, slug, start_date, end_date) values ($1, 'Release Day', 'release-day', now() - interval '1 hour', now() + interval '7 days') returning id, end_date`,
        [TENANT],
      )
    ).rows[0];
    const specs = [
      { name: 'Quella', priceCents: 18_500 },
      { name: 'Vecina', priceCents: 9_500 },
      { name: 'St Eden', priceCents: 32_500 },
      { name: 'Melbury', priceCents: 14_000 },
    ];
    const wines = [];
    for (const [index, spec] of specs.entries()) {
      const wine = (await client.query(`insert into wines (tenant_id, name, vintage) values ($1, $2, 2022) returning id`, [TENANT, spec.name])).rows[0];
      const offered = (
        await client.query(`insert into offering_wines (tenant_id, offering_id, wine_id, price_cents, sort_order) values ($1, $2, $3, $4, $5) returning id`, [
          TENANT,
          offering.id,
          wine.id,
          spec.priceCents,
          index,
        ])
      ).rows[0];
      wines.push({ ...spec, id: offered.id });
    }
    // Each member may take 1–3 bottles of one or two wines, and orders exactly that.
    const allocations = (
      await client.query(
        `insert into allocations (tenant_id, offering_id, customer_id) select $1, $2, c from unnest($3::uuid[]) as c returning id, customer_id`,
        [TENANT, offering.id, customers.map((c) => c.customerId)],
      )
    ).rows;
    const allocationOf = new Map(allocations.map((row) => [row.customer_id, row.id]));
    const members = customers.map((customer, i) => {
      const first = wines[i % wines.length];
      const second = wines[(i + 1) % wines.length];
      const lines = [{ wineId: first.id, quantity: 1 + (i % 3) }];
      if (i % 3 !== 0) lines.push({ wineId: second.id, quantity: 1 + ((i >> 1) % 2) });
      lines.sort((a, b) => (a.wineId < b.wineId ? -1 : 1));
      return { ...customer, allocationId: allocationOf.get(customer.customerId), lines };
    });
    const limitRows = members.flatMap((m) => m.lines.map((line) => [m.allocationId, line.wineId, line.quantity]));
    await client.query(
      `insert into allocation_lines (tenant_id, allocation_id, offering_wine_id, minimum, maximum)
       select $1, a, w, 0, m from unnest($2::uuid[], $3::uuid[], $4::int[]) as t(a, w, m)`,
      [TENANT, limitRows.map((r) => r[0]), limitRows.map((r) => r[1]), limitRows.map((r) => r[2])],
    );
    for (const wine of wines) {
      await client.query(`insert into stock (tenant_id, offering_wine_id, location_id, quantity) values ($1, $2, $3, 0), ($1, $2, $4, 0)`, [TENANT, wine.id, cellar.id, room.id]);
    }
    const addresses = (
      await client.query(
        `insert into addresses (tenant_id, customer_id, address1, city, state_code, zip_code, country_code, is_default_shipping, is_default_billing)
         select $1, c, '12 Vineyard Road', 'Sonoma', 'CA', '95476', 'US', true, true from unnest($2::uuid[]) as c returning id, customer_id`,
        [TENANT, customers.map((c) => c.customerId)],
      )
    ).rows;
    // Saved cards as the test gateway leaves them: it authorises tok_test_ tokens it has not seen.
    const cards = (
      await client.query(
        `insert into payment_cards (tenant_id, customer_id, gateway, gateway_token, brand, last4, exp_month, exp_year, card_holder_name, preferred)
         select $1, c, 'test', 'tok_test_bench_' || replace(c::text, '-', ''), 'visa', '4242', 12, extract(year from now())::int + 3, 'Bench Member', true
         from unnest($2::uuid[]) as c returning id, customer_id`,
        [TENANT, customers.map((c) => c.customerId)],
      )
    ).rows;
    const addressOf = new Map(addresses.map((row) => [row.customer_id, row.id]));
    const cardOf = new Map(cards.map((row) => [row.customer_id, row.id]));
    for (const member of members) {
      member.addressId = addressOf.get(member.customerId);
      member.cardId = cardOf.get(member.customerId);
    }
    await client.query(
      `insert into tax_rates (tenant_id, country_code, state_code, rate_basis_points) values ($1, 'US', null, 600), ($1, 'US', 'CA', 725)`,
      [TENANT],
    );
    await client.query(
      `insert into shipping_rates (tenant_id, country_code, min_bottles, max_bottles, price_cents) values ($1, 'US', 1, 6, 4500), ($1, 'US', 7, null, 7500)`,
      [TENANT],
    );
    await seedNeighbourHistory(client);
    await client.query('commit');
    await client.query('analyze');
    return { members, wines, cellarId: cellar.id, offeringEnd: offering.end_date, priceOf: new Map(wines.map((w) => [w.id, w.priceCents])) };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Another producer on the same database, with the orders of its past releases (never deleted). */
const NEIGHBOUR = 'bench-neighbour';
export const NEIGHBOUR_ORDERS = 5000;
export const NEIGHBOUR_MEMBERS = 1000;

/**
 * A database in service holds orders before a release opens; without them the planner reads
 * `orders` as empty at every run's start (each run deletes the run before's orders, and VACUUM
 * then records 0 rows), and the plans it keeps for the order functions' look-ups by idempotency
 * key, order number and allocation were sequential scans of every order, growing with the run
 * (97 pages read per look-up, four look-ups an order, seen with pg_stat_statements). Another
 * producer's past orders keep the table as a deployment has it; every look-up names its tenant.
 */
async function seedNeighbourHistory(client) {
  await client.query(`insert into tenants (id, name) values ($1, 'Neighbour Estate')`, [NEIGHBOUR]);
  await client.query(
    `insert into customers (tenant_id, first_name, last_name, email)
     select $1, 'Past', 'No. ' || i, 'past' || i || '@neighbour.example' from generate_series(1, $2) as i`,
    [NEIGHBOUR, NEIGHBOUR_MEMBERS],
  );
  await client.query(
    `insert into orders (tenant_id, customer_id, number, status, subtotal_cents, shipping_cents, tax_cents, total_cents,
       delivery_method, card_brand, card_last4, authorization_id, idempotency_key, fulfilment_status, payment_status, placed_at)
     select $1, c.id, 'NB-' || i, 'fulfilled', 10000, 4500, 725, 15225, 'shipping', 'visa', '4242', 'auth_past_' || i, gen_random_uuid(),
            'shipped', 'captured',
            now() - interval '400 days' + i * interval '1 hour'
       from generate_series(1, $2) as i
       join (select id, row_number() over (order by id) as n from customers where tenant_id = $1) c on c.n = 1 + i % $3`,
    [NEIGHBOUR, NEIGHBOUR_ORDERS, NEIGHBOUR_MEMBERS],
  );
}

/**
 * Deletes every order and puts stock back to `share` of what `members` ask for, per wine (so
 * each section sells out the same way whatever its number of members). Answers the stock per wine.
 */
export async function restock(db, seed, members, share) {
  // Statistics taken before the delete, as a server's autovacuum has them during a release: an
  // ANALYZE of the emptied table would tell the planner `orders` holds nothing however much it
  // grows, and every look-up by idempotency key or order number would then walk all the
  // tenant's orders (seen: 800 index tuples read per order placed; ADR 026).
  await db.query('analyze orders');
  await db.query(`delete from orders where tenant_id = $1`, [TENANT]);
  // The run before's orders, lines and stock row versions vacuumed away: a release's tables only
  // grow, and a look-up by idempotency key, order number or stock row should not step over the
  // thousands of dead rows the bench's own reset leaves behind. VACUUM records the rows left (the
  // neighbour's history, seedNeighbourHistory), so the planner still sees a table in service.
  await db.query('vacuum orders, order_lines, stock, carts');
  const demand = new Map(seed.wines.map((wine) => [wine.id, 0]));
  for (const member of members) for (const line of member.lines) demand.set(line.wineId, demand.get(line.wineId) + line.quantity);
  const stock = new Map();
  for (const wine of seed.wines) {
    stock.set(wine.id, Math.floor(demand.get(wine.id) * share));
    await db.query(`update stock set quantity = $1 where offering_wine_id = $2 and location_id = $3`, [stock.get(wine.id), wine.id, seed.cellarId]);
  }
  return { stock, demand };
}

/**
 * One allocation link per member, as an invitation issues it (modules/invitations: 32 random
 * bytes, only the SHA-256 stored, valid until the offering's end plus 30 days). Answers the tokens
 * in the members' order.
 */
export async function issueAllocationLinks(db, seed, members) {
  const tokens = members.map(() => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token, 'utf8').digest('hex'));
  await db.query(
    `insert into link_tokens (tenant_id, customer_id, purpose, token_hash, allocation_id, expires_at)
     select $1, c, 'allocation', h, a, $5::timestamptz + interval '30 days' from unnest($2::uuid[], $3::text[], $4::uuid[]) as t(c, h, a)`,
    [TENANT, members.map((m) => m.customerId), hashes, members.map((m) => m.allocationId), seed.offeringEnd],
  );
  return tokens;
}

/**
 * The checks, in SQL: no stock row below zero; per wine, bottles sold ≤ stock and sold + left =
 * stock; no allocation line over its maximum; no idempotency key with two orders; one distinct
 * authorisation per order, and as many orders as the answers said (201s, or commits for bare SQL).
 */
export async function checkDatabase(db, seed, stock, placed, { bare = false } = {}) {
  const one = async (text, params = []) => (await db.query(text, params)).rows[0];
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  const nameOf = (id) => seed.wines.find((w) => w.id === id).name;

  const negative = await one(`select count(*)::int as n from stock where tenant_id = $1 and quantity < 0`, [TENANT]);
  check('no stock below zero', negative.n === 0, `${negative.n} rows below zero`);

  const perWine = (
    await db.query(
      `select s.offering_wine_id as id, s.quantity as left, coalesce(sum(l.quantity), 0)::int as sold
       from stock s left join order_lines l on l.offering_wine_id = s.offering_wine_id and l.location_id = s.location_id
       where s.tenant_id = $1 and s.location_id = $2 group by s.offering_wine_id, s.quantity`,
      [TENANT, seed.cellarId],
    )
  ).rows;
  const oversold = perWine.filter((row) => row.sold > stock.get(row.id));
  const unbalanced = perWine.filter((row) => row.sold + row.left !== stock.get(row.id));
  check('bottles sold ≤ stock, per wine', oversold.length === 0, perWine.map((r) => `${nameOf(r.id)} ${r.sold}/${stock.get(r.id)}`).join(', '));
  check('sold + left = initial stock, per wine', unbalanced.length === 0, `${unbalanced.length} wines off`);

  const overMaximum = await one(
    `select count(*)::int as n from (
       select a.allocation_id, a.offering_wine_id, a.maximum, coalesce(sum(l.quantity), 0) as taken
       from allocation_lines a
       left join orders o on o.allocation_id = a.allocation_id and o.status <> 'cancelled'
       left join order_lines l on l.order_id = o.id and l.offering_wine_id = a.offering_wine_id
       where a.tenant_id = $1 group by a.allocation_id, a.offering_wine_id, a.maximum) t
     where taken > maximum`,
    [TENANT],
  );
  check('no member over a maximum', overMaximum.n === 0, `${overMaximum.n} over`);

  const twice = await one(
    `select count(*)::int as n from (select idempotency_key from orders where tenant_id = $1 group by customer_id, idempotency_key having count(*) > 1) t`,
    [TENANT],
  );
  check('no idempotency key with two orders', twice.n === 0, `${twice.n} keys`);

  const orders = await one(
    `select count(*)::int as orders, count(distinct authorization_id)::int as authorizations, count(*) filter (where authorization_id is null)::int as unpaid
     from orders where tenant_id = $1`,
    [TENANT],
  );
  check(
    bare ? 'orders written = transactions committed' : 'authorisations = orders = 201 answers',
    orders.orders === orders.authorizations && orders.unpaid === 0 && orders.orders === placed,
    `${orders.orders} orders, ${orders.authorizations} distinct authorisations, ${placed} ${bare ? 'commits' : '201s'}`,
  );
  return checks;
}
