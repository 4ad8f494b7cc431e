import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMatrixFixtures,
  MEMBER_PRINCIPALS,
  PRINCIPALS,
  principalHeaders,
  type MatrixFixtures,
  type Principal,
  type Role,
} from '../testing/authorization-principals.js';
import { createTestApp } from '../testing/test-app.js';
import { API_MESSAGES } from './api-messages.js';

/*
 * The authorisation matrix, generated from the OpenAPI document: every operation it lists is sent
 * once as each principal (testing/authorization-principals.ts) and must answer exactly the status
 * its row of ACCESS says. An operation without a row fails the run, so a new endpoint is
 * classified the day it appears.
 *
 * Who may call an operation is one of:
 *   public              open to anyone; tokens, good or bad, change nothing
 *   owner               a member, on their own records (the member whose id is in the path)
 *   any member          any signed-in member of the tenant (sign-out ends one's own session)
 *   viewer/manager/admin  staff with at least that role (STAFF_ROLES is ranked)
 * and `ok` is what an authorised caller gets with the body and ids sent: a 2xx when the call does
 * its work, or the route's documented 4xx (400 for a deliberately empty body, 409 for an action
 * the manager's cell already did, 404 for an id that was never issued). Staff routes check the
 * role before validation, so `{}` bodies still tell a viewer (403) from a manager (400).
 */

type Access = 'public' | 'owner' | 'any member' | Role;
type Fixtures = MatrixFixtures;

interface Row {
  access: Access;
  /** The authorised caller's status; per role where the first writer changes the second's answer. */
  ok: number | Partial<Record<Role, number>>;
  /** Path parameters that are not the fixture of the same name. */
  params?: Partial<Record<string, keyof Fixtures['ids']>>;
  body?: (f: Fixtures) => unknown;
  /** Why a staff route departs from "GET and HEAD viewer, anything else manager". */
  declared?: string;
}

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const EMPTY = () => ({});

const ACCESS: Record<string, Row> = {
  // Public: the same answer whoever calls. Empty bodies answer their documented 400.
  'GET /site-config.json': { access: 'public', ok: 200 },
  'GET /v1/health': { access: 'public', ok: 200 },
  'POST /v1/customer/login': { access: 'public', ok: 400, body: EMPTY },
  'POST /v1/customer/login-link': { access: 'public', ok: 400, body: EMPTY },
  'GET /v1/customer/login-link/{requestId}': { access: 'public', ok: 404, params: { requestId: 'neverIssued' } },
  'POST /v1/customer/login-link/{requestId}/resend': { access: 'public', ok: 404, params: { requestId: 'neverIssued' } },
  'POST /v1/customer/link/exchange': { access: 'public', ok: 400, body: EMPTY },
  'POST /v1/customer/password-reset': { access: 'public', ok: 400, body: EMPTY },
  'POST /v1/customer/password-reset/confirm': { access: 'public', ok: 400, body: EMPTY },
  'POST /v1/customer/password-create/confirm': { access: 'public', ok: 400, body: EMPTY },
  'POST /v1/allocation-request': { access: 'public', ok: 400, body: EMPTY },
  'POST /v1/founders-list': { access: 'public', ok: 400, body: EMPTY },
  'POST /v1/allocation-request/place': { access: 'public', ok: 400, body: EMPTY },
  // A well-formed ID that was never registered: its documented 404, the same for everyone.
  'POST /v1/bottle-verification': { access: 'public', ok: 404, body: () => ({ bottleId: 'ZZZZ-ZZZZ' }) },
  'POST /v1/staff/login': { access: 'public', ok: 400, body: EMPTY },
  // Unsubscribe links (issue 15): the token alone decides; one never issued is refused alike.
  'GET /v1/unsubscribe/{token}': { access: 'public', ok: 400, params: { token: 'neverIssued' } },
  'PUT /v1/unsubscribe/{token}': { access: 'public', ok: 400, params: { token: 'neverIssued' }, body: () => ({ subscribed: false }) },
  'POST /unsubscribe/{token}': { access: 'public', ok: 400, params: { token: 'neverIssued' } },
  // A wine's picture (issue 15): public, with the tenant in the path, since an <img> sends no header.
  'GET /v1/{tenant}/wines/{wineId}/image/{variant}': { access: 'public', ok: 200, params: { wineId: 'picturedWineId', variant: 'imageVariant' } },

  // Members, on their own records; valid bodies, so the owner's cell does its work.
  'POST /v1/customer/logout': { access: 'any member', ok: 204 },
  'POST /v1/customer/{customerId}/password': {
    access: 'owner',
    ok: 204,
    body: () => ({ currentPassword: 'Correct-Horse-42', newPassword: 'Barrel-Room-1987', confirmPassword: 'Barrel-Room-1987' }),
  },
  'GET /v1/customer/{customerId}': { access: 'owner', ok: 200 },
  'PUT /v1/customer/{customerId}': {
    access: 'owner',
    ok: 200,
    body: (f) => ({
      prefix: 'Ms.',
      firstName: 'Ada',
      lastName: 'Vintner',
      email: f.owner.email,
      confirmEmail: f.owner.email,
      phoneCountry: 'US',
      phone: '(707) 226-1395',
      dateOfBirth: '1980-05-17',
      company: '',
    }),
  },
  'GET /v1/{tenant}/customer/{customerId}/allocation': { access: 'owner', ok: 200 },
  'GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}': { access: 'owner', ok: 200 },
  'GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/offering': { access: 'owner', ok: 200 },
  'POST /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/wish': {
    access: 'owner',
    ok: 201,
    body: (f) => ({ wineId: f.ids.wineId, quantity: 2 }),
  },
  'GET /v1/{tenant}/customer/{customerId}/address': { access: 'owner', ok: 200 },
  'POST /v1/{tenant}/customer/{customerId}/address': {
    access: 'owner',
    ok: 201,
    body: () => ({ address1: '410 Park Avenue', city: 'New York', stateCode: 'NY', zipCode: '10022', countryCode: 'US' }),
  },
  'PUT /v1/{tenant}/customer/{customerId}/address/{addressId}': {
    access: 'owner',
    ok: 200,
    body: () => ({ address1: '2150 Silverado Trail', city: 'Napa', stateCode: 'CA', zipCode: '94558', countryCode: 'US' }),
  },
  'DELETE /v1/{tenant}/customer/{customerId}/address/{addressId}': { access: 'owner', ok: 204, params: { addressId: 'spareAddressId' } },
  'POST /v1/{tenant}/customer/{customerId}/address/{addressId}/default': { access: 'owner', ok: 200, body: () => ({ purpose: 'billing' }) },
  'GET /v1/{tenant}/customer/{customerId}/communication': { access: 'owner', ok: 200 },
  'PUT /v1/{tenant}/customer/{customerId}/communication': {
    access: 'owner',
    ok: 200,
    body: () => ({ offeringInvitations: true, offeringReminders: false, news: true }),
  },
  'GET /v1/{tenant}/customer/{customerId}/card': { access: 'owner', ok: 200 },
  'POST /v1/{tenant}/customer/{customerId}/card': {
    access: 'owner',
    ok: 201,
    body: () => ({ cardNumber: '4242 4242 4242 4242', cardHolderName: 'Ada Vintner', expirationDate: `08/${nextYear}`, cvv: '123' }),
  },
  'DELETE /v1/{tenant}/customer/{customerId}/card/{cardId}': { access: 'owner', ok: 204, params: { cardId: 'spareCardId' } },
  'POST /v1/{tenant}/customer/{customerId}/card/{cardId}/default': { access: 'owner', ok: 200 },
  'PUT /v1/{tenant}/customer/{customerId}/cart': {
    access: 'owner',
    ok: 200,
    body: (f) => ({ allocationId: f.ids.allocationId, lines: [{ wineId: f.ids.wineId, quantity: 2 }] }),
  },
  'GET /v1/{tenant}/customer/{customerId}/cart/{cartId}': { access: 'owner', ok: 200 },
  'GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/cart': { access: 'owner', ok: 200 },
  // Held selections (issue 17): the matrix's offering holds nothing, so the owner's PUT answers hold: null.
  'PUT /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/hold': { access: 'owner', ok: 200, body: (f) => ({ cartId: f.ids.cartId }) },
  'GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/hold': { access: 'owner', ok: 200 },
  'DELETE /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/hold': { access: 'owner', ok: 204 },
  // The waiting room (issue 17): the matrix's offering has none, so the owner reads and joins 'no-room'.
  'GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/waiting-room': { access: 'owner', ok: 200 },
  'POST /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/waiting-room': { access: 'owner', ok: 200 },
  'POST /v1/{tenant}/customer/{customerId}/cart/{cartId}/quote': {
    access: 'owner',
    ok: 200,
    body: (f) => ({ delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: f.ids.addressId } }),
  },
  'GET /v1/{tenant}/customer/{customerId}/destinations': { access: 'owner', ok: 200 },
  'GET /v1/{tenant}/customer/{customerId}/order': { access: 'owner', ok: 200 },
  'POST /v1/{tenant}/customer/{customerId}/order': {
    access: 'owner',
    ok: 201,
    body: (f) => ({
      cartId: f.ids.orderCartId,
      delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: f.ids.addressId },
      billingAddressId: f.ids.addressId,
      payment: { cardId: f.ids.cardId },
      idempotencyKey: randomUUID(),
    }),
  },
  'GET /v1/{tenant}/customer/{customerId}/order/{orderId}': { access: 'owner', ok: 200 },
  'GET /v1/{tenant}/customer/{customerId}/standing': { access: 'owner', ok: 200 },

  // Staff. Writes get `{}` where their 400 is enough to show the role passed; the actions without
  // a body run for real, the manager first, so the admin meets the answered request (409).
  'POST /v1/staff/logout': { access: 'viewer', ok: 204, declared: 'every role may end its own session' },
  'GET /v1/staff/me': { access: 'viewer', ok: 200 },
  'GET /v1/staff/wines': { access: 'viewer', ok: 200 },
  'POST /v1/staff/wines': { access: 'manager', ok: { manager: 201, admin: 409 }, body: () => ({ name: 'Matrix Cuvée', vintage: 2021 }) },
  'GET /v1/staff/wines/{wineId}': { access: 'viewer', ok: 404, params: { wineId: 'neverIssued' } },
  'PUT /v1/staff/wines/{wineId}': { access: 'manager', ok: 400, body: EMPTY },
  'PUT /v1/staff/wines/{wineId}/image': { access: 'manager', ok: 400, body: EMPTY },
  'DELETE /v1/staff/wines/{wineId}/image': { access: 'manager', ok: 404, params: { wineId: 'neverIssued' } },
  'GET /v1/staff/tenant': { access: 'viewer', ok: 200 },
  'GET /v1/staff/dashboard': { access: 'viewer', ok: 200 },
  'GET /v1/staff/locations': { access: 'viewer', ok: 200 },
  'GET /v1/staff/offerings': { access: 'viewer', ok: 200 },
  'POST /v1/staff/offerings': { access: 'manager', ok: 400, body: EMPTY },
  'GET /v1/staff/offerings/{offeringId}': { access: 'viewer', ok: 200 },
  'PUT /v1/staff/offerings/{offeringId}': { access: 'manager', ok: 400, body: EMPTY },
  'POST /v1/staff/offerings/{offeringId}/publish': { access: 'manager', ok: 200 },
  // Closing the shared open offering would change every later row: an id never issued.
  'POST /v1/staff/offerings/{offeringId}/close': { access: 'manager', ok: 404, params: { offeringId: 'neverIssued' } },
  'POST /v1/staff/offerings/{offeringId}/duplicate': { access: 'manager', ok: 201 },
  // Tiers' openings (issue 17): the empty list leaves every member the offering's own window.
  'GET /v1/staff/offerings/{offeringId}/openings': { access: 'viewer', ok: 200 },
  'PUT /v1/staff/offerings/{offeringId}/openings': { access: 'manager', ok: 200, body: () => ({ openings: [] }) },
  // Its waiting rooms, and the rate set again to what it is (none), so the rows after it see the same offering.
  'GET /v1/staff/offerings/{offeringId}/waiting-room': { access: 'viewer', ok: 200 },
  'PUT /v1/staff/offerings/{offeringId}/admission-rate': { access: 'manager', ok: 200, body: () => ({ admissionPerMinute: null }) },
  'POST /v1/staff/markdown-preview': { access: 'viewer', ok: 400, body: EMPTY, declared: 'a preview writes nothing' },
  'GET /v1/staff/offerings/{offeringId}/allocations': { access: 'viewer', ok: 200 },
  'PUT /v1/staff/offerings/{offeringId}/allocations': { access: 'manager', ok: 400, body: () => [] },
  'GET /v1/staff/offerings/{offeringId}/wishes': { access: 'viewer', ok: 200 },
  // Answering a wish again the same way changes nothing: the admin after the manager gets 200 too.
  'POST /v1/staff/wishes/{wishId}/grant': { access: 'manager', ok: 200, params: { wishId: 'wishToGrantId' } },
  'POST /v1/staff/wishes/{wishId}/decline': { access: 'manager', ok: 200, params: { wishId: 'wishToDeclineId' } },
  'DELETE /v1/staff/offerings/{offeringId}/allocations/{allocationId}': { access: 'manager', ok: 404, params: { allocationId: 'neverIssued' } },
  'POST /v1/staff/offerings/{offeringId}/allocations/bulk': { access: 'manager', ok: 400, body: EMPTY },
  'POST /v1/staff/offerings/{offeringId}/allocations/import': { access: 'manager', ok: 400, body: EMPTY },
  'GET /v1/staff/offerings/{offeringId}/allocations.csv': { access: 'viewer', ok: 200 },
  'POST /v1/staff/offerings/{offeringId}/wishes/bulk-grant': { access: 'manager', ok: 400, body: EMPTY },
  'GET /v1/staff/offerings/{offeringId}/invitations': { access: 'viewer', ok: 200 },
  'GET /v1/staff/offerings/{offeringId}/invitations/summary': { access: 'viewer', ok: 200 },
  'POST /v1/staff/offerings/{offeringId}/reminders': { access: 'manager', ok: 202, body: (f) => ({ customerIds: [f.ids.customerId] }) },
  'GET /v1/staff/members': { access: 'viewer', ok: 200 },
  'GET /v1/staff/tiers': { access: 'viewer', ok: 200 },
  'GET /v1/staff/list-rules': { access: 'viewer', ok: 200 },
  'PUT /v1/staff/list-rules': { access: 'manager', ok: 400, body: EMPTY },
  'GET /v1/staff/orders': { access: 'viewer', ok: 200 },
  'GET /v1/staff/orders.csv': { access: 'viewer', ok: 200 },
  'GET /v1/staff/orders/{orderId}': { access: 'viewer', ok: 200 },
  'POST /v1/staff/orders/{orderId}/status': { access: 'manager', ok: 400, body: EMPTY },
  'GET /v1/staff/rates': { access: 'viewer', ok: 200 },
  'PUT /v1/staff/rates': { access: 'manager', ok: 400, body: EMPTY },
  'POST /v1/staff/members/{customerId}/account-link': { access: 'manager', ok: 202 },
  'POST /v1/staff/offerings/{offeringId}/invitations': { access: 'manager', ok: 202, body: (f) => ({ customerIds: [f.ids.customerId] }) },
  'POST /v1/staff/members/{customerId}/invite': { access: 'manager', ok: 202 },
  'GET /v1/staff/allocation-requests': { access: 'viewer', ok: 200 },
  'POST /v1/staff/allocation-requests/{requestId}/approve': {
    access: 'manager',
    ok: { manager: 200, admin: 409 },
    params: { requestId: 'requestToApproveId' },
  },
  'POST /v1/staff/allocation-requests/{requestId}/decline': {
    access: 'manager',
    ok: { manager: 200, admin: 409 },
    params: { requestId: 'requestToDeclineId' },
  },
  'POST /v1/staff/bottles/import': { access: 'manager', ok: 400, body: EMPTY },
  // Members, tiers, the member import, staff accounts and the audit trail (issue 14). Deactivating
  // goes to an id never issued, so the owner the other rows use stays active.
  'GET /v1/staff/members/{customerId}': { access: 'viewer', ok: 200 },
  'GET /v1/staff/members.csv': { access: 'viewer', ok: 200 },
  'POST /v1/staff/members': { access: 'manager', ok: 400, body: EMPTY },
  'PUT /v1/staff/members/{customerId}': { access: 'manager', ok: 400, body: EMPTY },
  'POST /v1/staff/members/{customerId}/deactivate': { access: 'manager', ok: 404, params: { customerId: 'neverIssued' } },
  'POST /v1/staff/members/{customerId}/reactivate': { access: 'manager', ok: 404, params: { customerId: 'neverIssued' } },
  'POST /v1/staff/members/tier': { access: 'manager', ok: 400, body: EMPTY },
  'POST /v1/staff/members/import': { access: 'manager', ok: 400, body: EMPTY },
  'POST /v1/staff/tiers': { access: 'manager', ok: 400, body: EMPTY },
  'PUT /v1/staff/tiers/{tierId}': { access: 'manager', ok: 400, params: { tierId: 'neverIssued' }, body: EMPTY },
  'DELETE /v1/staff/tiers/{tierId}': { access: 'manager', ok: 404, params: { tierId: 'neverIssued' } },
  'GET /v1/staff/accounts': { access: 'admin', ok: 200, declared: 'staff accounts are for admins' },
  'POST /v1/staff/accounts': { access: 'admin', ok: 400, body: EMPTY, declared: 'staff accounts are for admins' },
  'PUT /v1/staff/accounts/{staffUserId}': {
    access: 'admin',
    ok: 404,
    params: { staffUserId: 'neverIssued' },
    body: () => ({ role: 'viewer' }),
    declared: 'staff accounts are for admins',
  },
  'POST /v1/staff/accounts/{staffUserId}/deactivate': { access: 'admin', ok: 404, params: { staffUserId: 'neverIssued' }, declared: 'staff accounts are for admins' },
  'POST /v1/staff/accounts/{staffUserId}/reactivate': { access: 'admin', ok: 404, params: { staffUserId: 'neverIssued' }, declared: 'staff accounts are for admins' },
  'POST /v1/staff/accounts/{staffUserId}/invitation': { access: 'admin', ok: 404, params: { staffUserId: 'neverIssued' }, declared: 'staff accounts are for admins' },
  'POST /v1/staff/create-password': { access: 'public', ok: 400, body: EMPTY },
  'GET /v1/staff/audit': { access: 'manager', ok: 200, declared: 'its snapshots hold personal data (ADR 016)' },
  'GET /v1/staff/bottles/suspicious': { access: 'viewer', ok: 200 },
  'GET /v1/staff/bottles/{bottleId}': { access: 'viewer', ok: 404, params: { bottleId: 'neverIssued' } },
};

/** Staff routes open without a staff token: sign-in, and an invited colleague's first password (ADR 016). */
const OPEN_STAFF_ROUTES = new Set(['POST /v1/staff/login', 'POST /v1/staff/create-password']);

const STAFF_RANK: Record<Role, number> = { admin: 0, manager: 1, viewer: 2 };

/** The exact status each principal must get from an operation, from its row. */
function expectedStatus(row: Row, who: Principal): number {
  const ok = (role?: Role) => (typeof row.ok === 'number' ? row.ok : (row.ok[role ?? 'manager'] ?? row.ok.manager!));
  switch (row.access) {
    case 'public':
      return ok();
    case 'owner':
      if (who === 'owner') return ok();
      // Signed in, but not the member in the path: another member, or one whose header names
      // their own tenant (the path's tenant or customer is not theirs).
      if (who === 'other member' || who === 'other tenant, own header') return 403;
      return 401;
    case 'any member':
      return who === 'owner' || who === 'other member' || who === 'other tenant, own header' ? ok() : 401;
    default: {
      const required = row.access;
      if (who === 'viewer' || who === 'manager' || who === 'admin') return STAFF_RANK[who] <= STAFF_RANK[required] ? ok(who) : 403;
      return 401;
    }
  }
}

const t = await createTestApp();
const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
  paths: Record<string, Record<string, { tags?: string[]; security?: Array<Record<string, string[]>> }>>;
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
);
// Sign-outs end the sessions the other rows use, so they go last.
const ordered = [...operations.filter((op) => !op.path.endsWith('/logout')), ...operations.filter((op) => op.path.endsWith('/logout'))];

let f: Fixtures;
let address = 0;

beforeAll(async () => {
  f = await createMatrixFixtures(t);
});
afterAll(async () => t.close());

describe('the authorisation matrix', () => {
  it('has a row for every operation of the OpenAPI document, and no row without one', () => {
    const listed = operations.map((op) => op.key);
    expect(listed.filter((key) => !(key in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((key) => !listed.includes(key))).toEqual([]);
  });

  it('agrees with what the document says of each operation: security, tags, and the staff role by method', () => {
    const disagreements: string[] = [];
    for (const op of operations) {
      const row = ACCESS[op.key];
      if (!row) continue;
      const schemes = (op.operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const staff = row.access === 'viewer' || row.access === 'manager' || row.access === 'admin';
      const wanted = row.access === 'public' ? [] : staff ? ['staffToken'] : ['memberToken'];
      if (schemes.join() !== wanted.join()) disagreements.push(`${op.key}: security ${schemes.join() || 'none'}`);
      if (staff !== (op.path.startsWith('/v1/staff/') && !OPEN_STAFF_ROUTES.has(op.key))) disagreements.push(`${op.key}: staff path`);
      if ((op.operation.tags ?? []).includes('staff') && !staff && !OPEN_STAFF_ROUTES.has(op.key)) {
        disagreements.push(`${op.key}: tagged staff`);
      }
      const byMethod = op.method === 'GET' || op.method === 'HEAD' ? 'viewer' : 'manager';
      if (staff && row.access !== byMethod && !row.declared) disagreements.push(`${op.key}: ${row.access} without a reason`);
    }
    expect(disagreements).toEqual([]);
  });

  for (const op of ordered) {
    const row = ACCESS[op.key];
    it.skipIf(!row)(`${op.key} (${row?.access ?? 'unclassified'})`, async () => {
      const audience = row!.access === 'public' || row!.access === 'owner' || row!.access === 'any member' ? 'member' : 'staff';
      const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const fixture = row!.params?.[name] ?? (name as keyof Fixtures['ids']);
        const value = f.ids[fixture];
        if (value === undefined) throw new Error(`${op.key}: no fixture for {${name}}`);
        return value;
      });
      const answers: Record<string, number> = {};
      const wrong: string[] = [];
      for (const who of PRINCIPALS) {
        address += 1;
        const body = row!.body?.(f);
        const response = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers: principalHeaders(f, who, audience),
          // A fresh address per request keeps per-IP limits out of the answers.
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        });
        answers[who] = response.statusCode;
        const expected = expectedStatus(row!, who);
        if (response.statusCode !== expected) wrong.push(`${who}: ${response.statusCode}, expected ${expected} ${response.body.slice(0, 160)}`);
        if (response.statusCode >= 400) {
          const error = response.json() as Record<string, unknown>;
          const shape = error.statusCode === response.statusCode && typeof error.type === 'string' && typeof error.message === 'string';
          if (!shape || Object.keys(error).some((key) => !['statusCode', 'type', 'message', 'errors'].includes(key))) {
            wrong.push(`${who}: not the error shape ${response.body.slice(0, 160)}`);
          }
        }
        if (MEMBER_PRINCIPALS.has(who) && audience === 'staff' && response.statusCode !== 401) wrong.push(`${who}: a member token opened a staff route`);
        // A staff 403 is the role check's, not some other refusal.
        if (audience === 'staff' && expected === 403 && response.statusCode === 403) {
          const message = API_MESSAGES.staffRoleTooLow(row!.access === 'admin' ? 'admin' : 'manager');
          if (response.json().message !== message) wrong.push(`${who}: 403 without the role message`);
        }
      }
      expect(wrong, JSON.stringify(answers)).toEqual([]);
    });
  }
});
