// The release-day bench's "fair release" section (issue 17): an offering with a waiting room and
// holds; M members join the room at random moments before the opening; at the opening the room
// admits them in its own order at a rate that takes about 30 s for all; each admitted member saves
// their cart, holds it (PUT …/hold), then orders (most), releases the hold (DELETE …/hold) or lets
// it expire; there are fewer bottles than the members ask for. Afterwards, in SQL: nothing
// oversold, nobody over a maximum, every held bottle ordered or returned; from the answers: the
// room admitted in its order, and the Spearman rank correlation between arrival and admission.
import { memberIp } from './api-process.mjs';
import { sleep, summary } from './measure.mjs';
import { TENANT } from './release-day-data.mjs';

/** The API's answer to a member not yet through the waiting room (SEED-SPEC, issue 17). */
export const NOT_ADMITTED_MESSAGE = 'Your place in the waiting room has not come up yet.';

/** Of every ten admitted members who hold bottles: one releases the hold, one lets it expire, eight order. */
const actionOf = (i) => (i % 10 === 3 ? 'release' : i % 10 === 7 ? 'expire' : 'order');

/** A hold left to expire is brought forward to expire this long after it was taken (the bench cannot wait the 5 minutes). */
const EXPIRE_AFTER_MS = 2000;

/**
 * Spearman's rank correlation of two lists of distinct numbers (the Pearson correlation of their
 * ranks), with a 95 % interval by Fisher's transform (standard error √(1.06 / (n − 3)), Fieller,
 * Hartley and Pearson 1957), and the band that a fair lottery stays within 999 times in 1,000:
 * under no association ρ is about normal with standard deviation 1 / √(n − 1).
 */
export function spearman(xs, ys) {
  const n = xs.length;
  const ranks = (values) => {
    const order = values.map((value, i) => [value, i]).sort((a, b) => a[0] - b[0]);
    const rank = new Array(n);
    order.forEach(([, i], r) => {
      rank[i] = r + 1;
    });
    return rank;
  };
  const rx = ranks(xs);
  const ry = ranks(ys);
  const sumSquares = rx.reduce((sum, r, i) => sum + (r - ry[i]) ** 2, 0);
  const rho = 1 - (6 * sumSquares) / (n * (n * n - 1));
  const z = Math.atanh(Math.max(-0.999999, Math.min(0.999999, rho)));
  const se = Math.sqrt(1.06 / (n - 3));
  return { n, rho, low: Math.tanh(z - 1.96 * se), high: Math.tanh(z + 1.96 * se), band95: 1.96 / Math.sqrt(n - 1), band999: 3.29 / Math.sqrt(n - 1) };
}

/**
 * Seeds the offering: the same four wines, `members` each allowed exactly what they ask for in the
 * main offering, stock `share` of their demand in the cellar, opening at `opensAt` with a waiting
 * room admitting `perMinute` a minute and holds of `holdMinutes`. Answers its ids and stock.
 */
export async function seedFairOffering(db, seed, members, { opensAt, perMinute, holdMinutes, share }) {
  const client = await db.connect();
  try {
    await client.query('begin');
    const offering = (
      await client.query(
        `insert into offerings (tenant_id, name, slug, start_date, end_date, admission_per_minute, hold_minutes)
         values ($1, 'Fair Release', 'fair-release-' || substr(md5(random()::text), 1, 6), $2, $2::timestamptz + interval '7 days', $3, $4) returning id`,
        [TENANT, opensAt, perMinute, holdMinutes],
      )
    ).rows[0];
    const wineIds = (await client.query(`select id, wine_id, price_cents, sort_order from offering_wines where id = any($1::uuid[]) order by sort_order`, [seed.wines.map((w) => w.id)])).rows;
    const wineOf = new Map();
    for (const row of wineIds) {
      const offered = (
        await client.query(`insert into offering_wines (tenant_id, offering_id, wine_id, price_cents, sort_order) values ($1, $2, $3, $4, $5) returning id`, [
          TENANT,
          offering.id,
          row.wine_id,
          row.price_cents,
          row.sort_order,
        ])
      ).rows[0];
      wineOf.set(row.id, offered.id);
    }
    const allocations = (
      await client.query(`insert into allocations (tenant_id, offering_id, customer_id) select $1, $2, c from unnest($3::uuid[]) as c returning id, customer_id`, [
        TENANT,
        offering.id,
        members.map((m) => m.customerId),
      ])
    ).rows;
    const allocationOf = new Map(allocations.map((row) => [row.customer_id, row.id]));
    const entrants = members.map((member) => ({
      ...member,
      allocationId: allocationOf.get(member.customerId),
      lines: member.lines.map((line) => ({ wineId: wineOf.get(line.wineId), quantity: line.quantity })).sort((a, b) => (a.wineId < b.wineId ? -1 : 1)),
    }));
    const limits = entrants.flatMap((m) => m.lines.map((line) => [m.allocationId, line.wineId, line.quantity]));
    await client.query(
      `insert into allocation_lines (tenant_id, allocation_id, offering_wine_id, minimum, maximum)
       select $1, a, w, 0, m from unnest($2::uuid[], $3::uuid[], $4::int[]) as t(a, w, m)`,
      [TENANT, limits.map((r) => r[0]), limits.map((r) => r[1]), limits.map((r) => r[2])],
    );
    const demand = new Map([...wineOf.values()].map((id) => [id, 0]));
    for (const m of entrants) for (const line of m.lines) demand.set(line.wineId, demand.get(line.wineId) + line.quantity);
    const stock = new Map();
    const [cellar, room] = (await client.query(`select id from inventory_locations where tenant_id = $1 order by sort_order`, [TENANT])).rows;
    for (const [wineId, asked] of demand) {
      stock.set(wineId, Math.floor(asked * share));
      await client.query(`insert into stock (tenant_id, offering_wine_id, location_id, quantity) values ($1, $2, $3, $4), ($1, $2, $5, 0)`, [TENANT, wineId, cellar.id, stock.get(wineId), room.id]);
    }
    await client.query('commit');
    await client.query('analyze');
    return { offeringId: offering.id, entrants, stock, demand, cellarId: cellar.id };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs the release through `origin` and answers what each member saw, the timings, the checks and
 * the fairness figure. `sessions` holds each member's token by member number.
 */
export async function runFairRelease({ db, call, origin, seed, members, sessions, perMinute, holdMinutes, share, joinSeconds, orderBody }) {
  const opensAt = new Date(Date.now() + (joinSeconds + 3) * 1000);
  const fair = await seedFairOffering(db, seed, members, { opensAt, perMinute, holdMinutes, share });
  const base = (m) => `/v1/${TENANT}/customer/${m.customerId}/allocation/${m.allocationId}`;
  const timings = { join: [], poll: [], cart: [], hold: [], order: [], release: [] };
  const errors = new Map();
  const noteError = (step, response) => {
    const kind = `${step} ${response.status} ${response.body?.type ?? ''} ${response.body?.message ?? ''}`.trim();
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
  };
  const request = async (step, member, method, path, body) => {
    const response = await call(origin, method, path, { token: sessions.get(member.n).token, body, ip: memberIp(member.n) });
    timings[step]?.push(response.ms);
    return response;
  };
  /** What each member did and saw, by member number. */
  const seen = new Map();
  const early = { tried: 0, refused: 0, wrong: [] };

  await Promise.all(
    fair.entrants.map(async (member, i) => {
      const story = { n: member.n, outcome: null, position: null, joinedAt: null, firstAdmittedServer: null, lastWaitingServer: null, positionsSeen: new Set(), beforeOpening: [] };
      seen.set(member.n, story);
      // Arrival at a random moment of the joining window, before the opening.
      await sleep(Math.random() * joinSeconds * 1000);
      story.joinedAt = performance.now();
      const joined = await request('join', member, 'POST', `${base(member)}/waiting-room`);
      if (joined.status !== 200) return noteError('join', joined);
      story.beforeOpening.push(joined.body);
      // One in ten reloads at once (a second tab): the same place, still no position before the opening.
      if (i % 10 === 0) {
        const again = await request('join', member, 'POST', `${base(member)}/waiting-room`);
        if (again.status === 200) story.beforeOpening.push(again.body);
        else noteError('join again', again);
      }
      // One in twenty tries to save their cart before being through: refused.
      if (i % 20 === 5) {
        early.tried += 1;
        const cart = await request('cart', member, 'PUT', `/v1/${TENANT}/customer/${member.customerId}/cart`, { allocationId: member.allocationId, lines: member.lines });
        if (cart.status === 409 && cart.body?.message === NOT_ADMITTED_MESSAGE) early.refused += 1;
        else early.wrong.push(cart.status);
      }
      // Waiting: the page asks again when its estimate says, at most every 5 s and at least every 0.25 s.
      await sleep(Math.max(0, opensAt.getTime() - Date.now()) + Math.random() * 500);
      for (;;) {
        const room = await request('poll', member, 'GET', `${base(member)}/waiting-room`);
        if (room.status !== 200) return noteError('poll', room);
        if (room.body.position !== null) story.positionsSeen.add(room.body.position);
        if (room.body.state === 'admitted') {
          story.position = room.body.position;
          story.firstAdmittedServer = Date.parse(room.body.serverTime);
          break;
        }
        if (room.body.state !== 'waiting') return noteError(`poll (state ${room.body.state})`, room);
        story.lastWaitingServer = Date.parse(room.body.serverTime);
        const estimate = room.body.estimatedAdmissionAt ? Date.parse(room.body.estimatedAdmissionAt) - Date.parse(room.body.serverTime) : 5000;
        await sleep(Math.min(5000, Math.max(250, estimate)));
      }
      // Through: a reload answers the same place.
      if (i % 10 === 0) {
        const again = await request('join', member, 'POST', `${base(member)}/waiting-room`);
        if (again.status !== 200 || again.body.position !== story.position || again.body.state !== 'admitted') story.reloadMoved = true;
      }
      const cart = await request('cart', member, 'PUT', `/v1/${TENANT}/customer/${member.customerId}/cart`, { allocationId: member.allocationId, lines: member.lines });
      if (cart.status !== 200) return noteError('cart', cart);
      const hold = await request('hold', member, 'PUT', `${base(member)}/hold`, { cartId: cart.body.id });
      // Not enough left to hold the whole selection: a 409 naming each short wine (errors: [{ field: 'lines.<id>', … }]).
      if (hold.status === 409 && Array.isArray(hold.body?.errors) && hold.body.errors.some((error) => String(error.field).startsWith('lines.'))) {
        story.outcome = 'refused';
        return;
      }
      if (hold.status !== 200 || !hold.body.hold) return noteError('hold', hold);
      story.held = hold.body.hold.lines;
      const action = actionOf(i);
      if (action === 'order') {
        const order = await request('order', member, 'POST', `/v1/${TENANT}/customer/${member.customerId}/order`, orderBody(member, cart.body.id));
        if (order.status === 201) story.outcome = 'ordered';
        else noteError('order (with a live hold)', order);
      } else if (action === 'release') {
        const released = await request('release', member, 'DELETE', `${base(member)}/hold`);
        if (released.status === 204) story.outcome = 'released';
        else noteError('release', released);
      } else {
        // Time passing: the hold's expiry brought forward, as if its minutes had run out.
        await db.query(
          `update stock_holds set expires_at = greatest(created_at + interval '1 millisecond', now() + $2 * interval '1 millisecond') where allocation_id = $1 and ended_at is null`,
          [member.allocationId, EXPIRE_AFTER_MS],
        );
        story.outcome = 'expired';
      }
    }),
  );
  // Every hold left to expire has expired before the checks.
  await sleep(EXPIRE_AFTER_MS + 500);
  const stories = [...seen.values()];
  const checks = await checkFairRelease(db, fair, stories, { opensAt });
  // Fairness: arrival order (when each joined, all before the opening) against the room's order.
  const admitted = stories.filter((story) => story.position !== null);
  const fairness = admitted.length > 3 ? spearman(admitted.map((story) => story.joinedAt), admitted.map((story) => story.position)) : null;
  if (fairness) {
    checks.push({
      name: "arrival order and the room's order are unrelated (Spearman's ρ near 0)",
      ok: Math.abs(fairness.rho) <= fairness.band999,
      detail: `ρ = ${fairness.rho.toFixed(3)} (95 % interval ${fairness.low.toFixed(3)} to ${fairness.high.toFixed(3)}) over ${fairness.n} members; a fair draw stays within ±${fairness.band95.toFixed(3)} 95 times in 100 and ±${fairness.band999.toFixed(3)} 999 times in 1,000 (the check); first come, first served would give 1`,
    });
  }
  checks.push({
    name: 'a member not yet through is refused a cart (409, the message)',
    ok: early.tried > 0 && early.refused === early.tried,
    detail: `${early.refused} of ${early.tried} refused${early.wrong.length ? `; answered ${early.wrong.join(', ')}` : ''}`,
  });
  const lastAdmitted = Math.max(...admitted.map((story) => story.firstAdmittedServer));
  const outcomes = { ordered: 0, released: 0, expired: 0, refused: 0, none: 0 };
  for (const story of stories) outcomes[story.outcome ?? 'none'] += 1;
  return {
    members: fair.entrants.length,
    perMinute,
    holdMinutes,
    joinSeconds,
    admittedCount: admitted.length,
    admissionSeconds: (lastAdmitted - opensAt.getTime()) / 1000,
    outcomes,
    errors: [...errors.values()].reduce((sum, n) => sum + n, 0),
    errorKinds: errors,
    timings: Object.fromEntries(Object.entries(timings).map(([step, list]) => [step, summary(list)])),
    fairness,
    stock: [...fair.stock.values()].reduce((sum, n) => sum + n, 0),
    demand: [...fair.demand.values()].reduce((sum, n) => sum + n, 0),
    checks,
  };
}

/** The checks of the fair release, in SQL and from what the members saw. */
async function checkFairRelease(db, fair, stories, { opensAt }) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  const one = async (text, params) => (await db.query(text, params)).rows[0];
  const wines = [...fair.stock.keys()];

  const perWine = (
    await db.query(
      `select s.offering_wine_id as id, s.quantity as left, coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                where l.offering_wine_id = s.offering_wine_id and l.location_id = s.location_id and o.status <> 'cancelled'), 0)::int as sold
       from stock s where s.offering_wine_id = any($1::uuid[]) and s.location_id = $2`,
      [wines, fair.cellarId],
    )
  ).rows;
  const oversold = perWine.filter((row) => row.sold > fair.stock.get(row.id) || row.left < 0);
  const unbalanced = perWine.filter((row) => row.sold + row.left !== fair.stock.get(row.id));
  check('0 oversold: bottles sold ≤ stock, none below zero, per wine', oversold.length === 0, perWine.map((r) => `${r.sold}/${fair.stock.get(r.id)}`).join(', '));
  check('sold + left = initial stock, per wine', unbalanced.length === 0, `${unbalanced.length} wines off`);

  const over = await one(
    `select count(*)::int as n from (
       select a.allocation_id, a.offering_wine_id, a.maximum, coalesce(sum(l.quantity), 0) as taken
       from allocation_lines a join allocations al on al.id = a.allocation_id
       left join orders o on o.allocation_id = a.allocation_id and o.status <> 'cancelled'
       left join order_lines l on l.order_id = o.id and l.offering_wine_id = a.offering_wine_id
       where al.offering_id = $1 group by a.allocation_id, a.offering_wine_id, a.maximum) t
     where taken > maximum`,
    [fair.offeringId],
  );
  check('0 over a maximum', over.n === 0, `${over.n} over`);

  // Every hold ended by an order is that member's order of exactly the held bottles; every other
  // hold gave its bottles back (released, or expired); none is live now.
  const holds = (
    await db.query(
      `select h.allocation_id, h.offering_wine_id, h.quantity, h.end_reason, h.ended_at is null and h.expires_at <= now() as expired,
              h.ended_at is null and h.expires_at > now() as live,
              coalesce((select sum(l.quantity) from orders o join order_lines l on l.order_id = o.id
                         where o.allocation_id = h.allocation_id and l.offering_wine_id = h.offering_wine_id and o.status <> 'cancelled'), 0)::int as ordered
         from stock_holds h where h.offering_id = $1`,
      [fair.offeringId],
    )
  ).rows;
  const live = holds.filter((h) => h.live).length;
  const orderedWrong = holds.filter((h) => h.end_reason === 'ordered' && h.ordered !== h.quantity).length;
  const returnedWrong = holds.filter((h) => (h.end_reason === 'released' || h.expired) && h.ordered !== 0).length;
  const unexplained = holds.filter((h) => !h.live && !h.expired && !['ordered', 'released', 'replaced'].includes(h.end_reason)).length;
  const bottles = (list) => list.reduce((sum, h) => sum + h.quantity, 0);
  check(
    'each held bottle was ordered or returned; no hold left live',
    live === 0 && orderedWrong === 0 && returnedWrong === 0 && unexplained === 0 && holds.length > 0,
    `${holds.length} hold lines: ${bottles(holds.filter((h) => h.end_reason === 'ordered'))} bottles ordered, ${bottles(holds.filter((h) => h.end_reason === 'released'))} released, ${bottles(holds.filter((h) => h.expired))} expired, ${bottles(holds.filter((h) => h.end_reason === 'replaced'))} replaced; ${live} live, ${orderedWrong + returnedWrong + unexplained} off`,
  );

  const byOutcome = (outcome) => stories.filter((s) => s.outcome === outcome);
  const undecided = stories.filter((s) => s.position !== null && s.outcome === null);
  check(
    'every admitted member ordered, released their hold, let it expire, or was told how many are left',
    undecided.length === 0 && stories.every((s) => s.position !== null),
    `${stories.filter((s) => s.position !== null).length} of ${stories.length} admitted: ${byOutcome('ordered').length} ordered, ${byOutcome('released').length} released, ${byOutcome('expired').length} let it expire, ${byOutcome('refused').length} refused a hold (not enough left); ${undecided.length} other`,
  );
  const orders = await one(`select count(*)::int as n from orders o join allocations a on a.id = o.allocation_id where a.offering_id = $1`, [fair.offeringId]);
  check('orders = members who ordered', orders.n === byOutcome('ordered').length, `${orders.n} orders, ${byOutcome('ordered').length} members told 201`);

  // Before the opening nobody has a place; after it each member's place stays what it was.
  const earlyPlace = stories.filter((s) => s.beforeOpening.some((b) => b.state !== 'waiting' || b.position !== null || Date.parse(b.opensAt) !== opensAt.getTime())).length;
  const moved = stories.filter((s) => s.positionsSeen.size > 1 || s.reloadMoved).length;
  check('no position before the opening; the same place on every later answer and on a reload', earlyPlace === 0 && moved === 0, `${earlyPlace} answered otherwise before the opening, ${moved} saw their place change`);

  // Admitted in the room's order: nobody was still told "waiting" at a moment (server time) after
  // someone behind them had been told "admitted".
  const sorted = stories.filter((s) => s.position !== null).sort((a, b) => b.position - a.position);
  let earliestBehind = Infinity;
  let inversions = 0;
  for (const story of sorted) {
    if (story.lastWaitingServer !== null && story.lastWaitingServer > earliestBehind) inversions += 1;
    earliestBehind = Math.min(earliestBehind, story.firstAdmittedServer);
  }
  const positions = new Set(sorted.map((s) => s.position));
  check(
    "admitted in the room's order (positions 1…M, each once)",
    inversions === 0 && positions.size === sorted.length && Math.max(...positions) === sorted.length,
    `${inversions} members still waiting after someone behind them was admitted; ${positions.size} distinct positions for ${sorted.length} members`,
  );
  return checks;
}
