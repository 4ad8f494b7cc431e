import { randomUUID } from 'node:crypto';
import { wineImages, wishes } from '../db/schema/index.js';
import { expiredToken, hs256WithPublicKey, tamperedSignature, unsignedToken } from './forged-tokens.js';
import { createOrderingFixtures } from './ordering-fixtures.js';
import { TEST_TENANT, type TestApp } from './test-app.js';
import { DAY_MS } from '@winery/domain';

/**
 * Who the authorisation matrix (shared/authorization-matrix.test.ts) sends each request as, and
 * the records its requests name: a member with addresses, cards, carts, an order and a wine to
 * wish for; another member whose wishes staff answer; a member and a staff user of another
 * tenant; one staff user per role; and tokens forged from the ones a route would accept.
 */

const FORGED = ['tampered signature', 'expired', 'alg none', 'HS256 with public key'] as const;
type Forged = (typeof FORGED)[number];
export const ROLES = ['viewer', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type Principal =
  | 'owner'
  | 'other member'
  | 'other tenant, own header'
  | 'other tenant, this header'
  | 'no token'
  | Forged
  | 'staff of other tenant'
  | Role;

/** In the order they are sent: staff roles last, the manager before the admin. */
export const PRINCIPALS: readonly Principal[] = [
  'other member',
  'other tenant, own header',
  'other tenant, this header',
  'no token',
  ...FORGED,
  'staff of other tenant',
  'owner',
  ...ROLES,
];

/** Members' own, valid tokens: none of them may ever open a staff route. */
export const MEMBER_PRINCIPALS = new Set<Principal>(['owner', 'other member', 'other tenant, own header', 'other tenant, this header']);

export async function createMatrixFixtures(t: TestApp) {
  const ordering = await createOrderingFixtures(t);
  const { offering, wines: offered } = await ordering.createOpenOffering({ wines: [{}, {}] });
  const second = await ordering.createOpenOffering({ wines: [{}] });
  const limits = { [offered[0]!.id]: { maximum: 6 }, [offered[1]!.id]: { maximum: 6 } };
  const owner = await ordering.createMember(offering.id, limits);
  const spareAddress = await t.createAddress({ customerId: owner.customer.id, address1: '1 Spare Lane' });
  const spareCard = await t.createCard({ customerId: owner.customer.id });
  // A catalogue wine with a picture (issue 15): anyone may fetch it, whatever token comes along.
  const pictured = await t.createWine();
  await t.db.insert(wineImages).values({
    tenantId: TEST_TENANT,
    wineId: pictured.id,
    variant: 'original',
    contentType: 'image/webp',
    width: 320,
    height: 960,
    data: new Uint8Array([0x52, 0x49, 0x46, 0x46]),
    etag: 'matrix',
  });
  // An order in an offering that has closed: a pending order in the open one would end the
  // member's right to wish there.
  const past = await t.createOffering({ startDate: new Date(Date.now() - 60 * DAY_MS), endDate: new Date(Date.now() - 30 * DAY_MS) });
  const order = await t.createOrder({
    customerId: owner.customer.id,
    allocationId: (await t.createAllocation({ offeringId: past.id, customerId: owner.customer.id })).id,
  });
  const putCart = async (allocationId: string, wineId: string) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v1/${TEST_TENANT}/customer/${owner.customer.id}/cart`,
      headers: { tenant: TEST_TENANT, authorization: owner.token },
      payload: { allocationId, lines: [{ wineId, quantity: 1 }] },
    });
    if (response.statusCode !== 200) throw new Error(`cart: ${response.statusCode} ${response.body}`);
    return (response.json() as { id: string }).id;
  };
  const cartId = await putCart(owner.allocation.id, offered[0]!.id);
  // The order is placed from a cart of its own, in another offering, so the other rows keep theirs.
  const inSecond = await t.createAllocation({ offeringId: second.offering.id, customerId: owner.customer.id });
  await t.createAllocationLine({ allocationId: inSecond.id, offeringWineId: second.wines[0]!.id, maximum: 6 });
  const orderCartId = await putCart(inSecond.id, second.wines[0]!.id);

  // Staff answer wishes of another member, so the owner's own wish row stays free.
  const other = await ordering.createMember(offering.id, limits);
  const [toGrant, toDecline] = await t.db
    .insert(wishes)
    .values(offered.map((wine) => ({ tenantId: TEST_TENANT, allocationId: other.allocation.id, offeringWineId: wine.id, quantity: 2 })))
    .returning();

  const otherTenant = await t.createTenant();
  const stranger = await t.createCustomer({ tenantId: otherTenant });
  const strangerStaff = await t.createStaffUser({ tenantId: otherTenant });
  const staff = {} as Record<Role, string>;
  for (const role of ROLES) staff[role] = await t.signInStaff((await t.createStaffUser({ role })).email);

  // Each forgery starts from the token the route would accept (the owner's, or the admin's), so
  // only the one thing under test is wrong.
  const forge = async (token: string): Promise<Record<Forged, string>> => ({
    'tampered signature': tamperedSignature(token),
    expired: await expiredToken(token, t.signingKeys),
    'alg none': unsignedToken(token),
    'HS256 with public key': await hs256WithPublicKey(token, t.signingKeys),
  });

  return {
    owner: owner.customer,
    otherTenant,
    tokens: {
      owner: owner.token,
      other: other.token,
      stranger: await t.signIn(stranger.email, undefined, otherTenant),
      strangerStaff: await t.signInStaff(strangerStaff.email, undefined, otherTenant),
      ...staff,
    },
    forged: { member: await forge(owner.token), staff: await forge(staff.admin) },
    ids: {
      tenant: TEST_TENANT,
      customerId: owner.customer.id,
      allocationId: owner.allocation.id,
      wineId: offered[0]!.id,
      addressId: owner.address.id,
      spareAddressId: spareAddress.id,
      cardId: owner.card.id,
      spareCardId: spareCard.id,
      cartId,
      orderCartId,
      orderId: order.id,
      offeringId: offering.id,
      wishToGrantId: toGrant!.id,
      wishToDeclineId: toDecline!.id,
      requestToApproveId: (await t.createAllocationRequest()).id,
      requestToDeclineId: (await t.createAllocationRequest()).id,
      picturedWineId: pictured.id,
      imageVariant: 'original',
      neverIssued: randomUUID(),
    },
  };
}

export type MatrixFixtures = Awaited<ReturnType<typeof createMatrixFixtures>>;

/** The headers of a request sent as `who`; a forged token imitates the route's own audience. */
export function principalHeaders(f: MatrixFixtures, who: Principal, audience: 'member' | 'staff'): Record<string, string> {
  const here = { tenant: TEST_TENANT };
  switch (who) {
    case 'owner':
      return { ...here, authorization: f.tokens.owner };
    case 'other member':
      return { ...here, authorization: f.tokens.other };
    case 'other tenant, own header':
      return { tenant: f.otherTenant, authorization: f.tokens.stranger };
    case 'other tenant, this header':
      return { ...here, authorization: f.tokens.stranger };
    case 'staff of other tenant':
      return { ...here, authorization: f.tokens.strangerStaff };
    case 'viewer':
    case 'manager':
    case 'admin':
      return { ...here, authorization: f.tokens[who] };
    case 'no token':
      return here;
    default:
      return { ...here, authorization: f.forged[audience][who] };
  }
}
