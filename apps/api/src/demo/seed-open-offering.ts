import { randomBytes, randomUUID } from 'node:crypto';
import { DAY_MS, MINUTE_MS } from '@winery/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { linkTokens, mailQueue, offeringInvitations, stock, wishes } from '../db/schema/index.js';
import { DEFAULT_PUBLIC_URL } from '../modules/mail/mail.options.js';
import { renderSealedMail } from '../modules/mail/render-mail.js';
import { secretLink } from '../modules/mail/templates/secret-link.js';
import type { GeneratedMember } from './demo-members.js';
import { insertMany } from './demo-insert.js';
import type { OrderFate } from './demo-orders.js';
import { DEMO_BRANDS } from './demo-producer.js';
import { planSeason, type SeasonWine, type WineFamily } from './demo-season.js';
import { CURRENT_ORDER_MINIMUM_CENTS, CURRENT_RELEASE, DEMO_WINES, type DemoWineKey } from './seed-content.js';
import { insertPlan, type DemoContext } from './seed-history.js';
import type { SeededOfferings } from './seed-offerings.js';

/** The live release's numbers: members allocated besides the demo sign-ins, not yet invited, orders. */
export const OPEN_RELEASE = { allocated: 248, notInvited: 16, failedMails: 4, orders: 39, alsoSignedIn: 70, wishes: 12 } as const;

const FAMILY: Record<DemoWineKey, WineFamily> = {
  melbury22: 'melbury', melbury22Magnum: 'magnum', pluribus22: 'pluribus', quella22: 'quella', stEden22: 'stEden', vecina22: 'vecina',
  orsola21: 'orsola', melbury19: 'melbury', quella19: 'quella', stEden19: 'stEden', vecina19: 'vecina',
};

/**
 * The live release as the dashboard should find it five days in: allocations for ~250 members,
 * the invitation e-mails sent when it opened (already sent: nothing goes out; a few bounced), the
 * links used, about 40 orders (the demo's AE-10001 among them), the stock they left, and a dozen
 * wishes waiting.
 */
export async function seedOpenRelease(tx: Database, context: DemoContext, current: SeededOfferings['current']) {
  const { tenantId, random, now } = context;
  const active = context.members.filter((member) => !member.deactivatedAt);
  const senior = active.filter((member) => member.tier !== 'allocation');
  const juniors = random.shuffle(active.filter((member) => member.tier === 'allocation'));
  const allocated = [...senior, ...juniors.slice(0, OPEN_RELEASE.allocated - senior.length)];
  const notInvited = new Set(juniors.slice(0, OPEN_RELEASE.notInvited).map((member) => member.id));
  const invited = allocated.filter((member) => !notInvited.has(member.id));

  const ordering = new Set<string>();
  const likelihood = { founder: 0.3, cellar: 0.18, allocation: 0.1 } as const;
  for (const member of random.shuffle(invited)) {
    if (ordering.size < OPEN_RELEASE.orders && random.chance(likelihood[member.tier])) ordering.add(member.id);
  }
  for (const member of invited) if (ordering.size < OPEN_RELEASE.orders) ordering.add(member.id);

  const wines: SeasonWine[] = CURRENT_RELEASE.map((entry) => ({
    family: FAMILY[entry.wine],
    // The magnum goes with three Melbury (a combination rule) and the Orsola has no stock: members wish for it.
    orderable: entry.wine !== 'melbury22Magnum' && entry.stock.cellarDoor > 0,
    wine: { id: current.offered(entry.wine), ...DEMO_WINES[entry.wine], priceCents: entry.priceCents },
  }));
  const fate = (): OrderFate => (random.chance(0.15) ? 'processing' : 'open');
  const sentAt = new Date(current.startDate.getTime() + 6 * MINUTE_MS);
  const plan = planSeason(random, {
    tenantId,
    offeringId: current.id,
    orderMinimumCents: CURRENT_ORDER_MINIMUM_CENTS,
    wines,
    members: allocated,
    orders: ordering,
    from: new Date(sentAt.getTime() + 30 * MINUTE_MS),
    until: new Date(now.getTime() - 60 * MINUTE_MS),
    closesAt: current.endDate,
    fate,
    locations: context.locations,
    tables: context.tables,
    nextNumber: context.nextNumber,
  });
  await insertPlan(tx, plan);

  // The stock given is what the orders left: the bottles they took come off each location's count.
  for (const [key, sold] of plan.sold) {
    const [offeringWineId, locationId] = key.split('|') as [string, string];
    const [row] = await tx
      .update(stock)
      .set({ quantity: sql`${stock.quantity} - ${sold}` })
      .where(and(eq(stock.offeringWineId, offeringWineId), eq(stock.locationId, locationId), sql`${stock.quantity} >= ${sold}`))
      .returning({ quantity: stock.quantity });
    if (!row) throw new Error(`The demo's orders took more of ${offeringWineId} than there is.`);
  }

  await seedInvitations(tx, context, current, { invited, allocationOf: plan.allocationOf, placedAt: new Map(plan.orders.map((order) => [order.customerId, order.placedAt])), sentAt });

  // A dozen wishes waiting: more Quella and Melbury than allowed, and the Orsola that has no stock left.
  const wishful = random.shuffle(senior).slice(0, OPEN_RELEASE.wishes);
  const wished: DemoWineKey[] = ['orsola21', 'quella22', 'melbury22'];
  await insertMany(
    tx,
    wishes,
    wishful.map((member, index) => ({
      tenantId,
      allocationId: plan.allocationOf.get(member.id)!,
      offeringWineId: current.offered(wished[index % wished.length]!),
      quantity: random.int(1, 3),
      createdAt: new Date(current.startDate.getTime() + random.int(2, 100) * 60 * MINUTE_MS),
    })),
  );
}

/**
 * The invitation each invited member was e-mailed when the release opened: the mail (sent, or
 * failed after its retries), its allocation link (used by everyone who ordered and some who only
 * looked) and the invitation row tying them together. The link tokens are random and never
 * shown: only the member's own e-mail could carry them, and it was never sent.
 */
async function seedInvitations(
  tx: Database,
  context: DemoContext,
  current: SeededOfferings['current'],
  input: { invited: readonly GeneratedMember[]; allocationOf: Map<string, string>; placedAt: Map<string, Date>; sentAt: Date },
) {
  const { tenantId, random, now } = context;
  const brand = DEMO_BRANDS.find((candidate) => candidate.primary)!;
  // One rendering for all (MJML is slow): the first name is put in afterwards.
  const standIn = 'Zzfirstnamezz';
  const mail = await renderSealedMail(
    { kind: 'allocation-link', firstName: standIn, url: secretLink('/allocation-link/', 'demo'), offeringName: current.name, closesOn: current.endDate.toISOString() },
    {
      brand: { name: brand.name, phone: brand.phone, email: brand.email, postalAddress: [brand.postalAddress.line1, `${brand.postalAddress.city}, ${brand.postalAddress.state} ${brand.postalAddress.postalCode}`, brand.postalAddress.country] },
      publicUrl: DEFAULT_PUBLIC_URL,
    },
  );
  const bounced = new Set(random.shuffle(input.invited.filter((member) => !input.placedAt.has(member.id))).slice(0, OPEN_RELEASE.failedMails).map((member) => member.id));
  const looked = new Set(
    random.shuffle(input.invited.filter((member) => !input.placedAt.has(member.id) && !bounced.has(member.id))).slice(0, OPEN_RELEASE.alsoSignedIn).map((member) => member.id),
  );
  const expiresAt = new Date(current.endDate.getTime() + 30 * DAY_MS);
  const mails = [];
  const tokens = [];
  const invitations = [];
  for (const member of input.invited) {
    const mailId = randomUUID();
    const tokenId = randomUUID();
    const failed = bounced.has(member.id);
    const sentAt = new Date(input.sentAt.getTime() + random.int(0, 240) * 1_000);
    const placedAt = input.placedAt.get(member.id);
    const usedAt = placedAt
      ? new Date(placedAt.getTime() - random.int(3, 40) * MINUTE_MS)
      : looked.has(member.id)
        ? new Date(sentAt.getTime() + Math.floor(random.next() * (now.getTime() - sentAt.getTime())))
        : null;
    mails.push({
      id: mailId,
      toAddress: member.email,
      firstName: member.firstName,
      status: failed ? ('failed' as const) : ('sent' as const),
      attempts: failed ? 6 : 1,
      lastError: failed ? '550 5.1.1 The email account that you tried to reach does not exist.' : null,
      deliveryRef: failed ? null : `<${randomUUID()}@aldermoor.example>`,
      sentAt: failed ? null : sentAt.toISOString(),
    });
    tokens.push({
      id: tokenId,
      tenantId,
      customerId: member.id,
      purpose: 'allocation' as const,
      tokenHash: randomBytes(32).toString('hex'),
      allocationId: input.allocationOf.get(member.id)!,
      expiresAt,
      usedAt: usedAt && usedAt.getTime() > sentAt.getTime() ? usedAt : usedAt && new Date(sentAt.getTime() + MINUTE_MS),
      createdAt: input.sentAt,
    });
    invitations.push({ tenantId, offeringId: current.id, allocationId: input.allocationOf.get(member.id)!, customerId: member.id, mailId, linkTokenId: tokenId, createdAt: input.sentAt });
  }
  // The bodies are put together in the database: one copy of each goes over, not one per member.
  const at = input.sentAt.toISOString();
  const body = (part: string) => sql`replace(${part}, ${standIn}, r."firstName")`;
  await tx.execute(sql`
    insert into ${mailQueue} (id, tenant_id, kind, to_address, subject, text_body, html_body, status, attempts, next_attempt_at, last_error, delivery_ref, created_at, sent_at)
    select r.id, ${tenantId}, 'allocation-link', r."toAddress", ${mail.subject}, ${body(mail.text)}, ${body(mail.html)}, r.status, r.attempts,
      ${at}::timestamptz, r."lastError", r."deliveryRef", ${at}::timestamptz, r."sentAt"
    from json_to_recordset(${JSON.stringify(mails)}::json)
      as r(id uuid, "toAddress" text, "firstName" text, status text, attempts integer, "lastError" text, "deliveryRef" text, "sentAt" timestamptz)`);
  await insertMany(tx, linkTokens, tokens);
  await insertMany(tx, offeringInvitations, invitations);
}
