import { TEST_TENANT, type TestApp } from './test-app.js';
import type { OrderingFixtures } from './ordering-fixtures.js';

type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;

export interface PlacedOrder {
  id: string;
  number: string;
  totals: { totalCents: number };
}

/**
 * Orders placed as members place them (cart, then POST …/order), for the staff order tests: what
 * staff see and change is what real placement wrote, receipt e-mail included.
 */
export function createStaffOrderFixtures(t: TestApp, f: OrderingFixtures) {
  async function placeOrder(member: Member, lines: Array<{ wineId: string; quantity: number }>, delivery: 'shipping' | { pickupAt: string } = 'shipping'): Promise<PlacedOrder> {
    const base = `/v1/${TEST_TENANT}/customer/${member.customer.id}`;
    const headers = { tenant: TEST_TENANT, authorization: member.token };
    const cart = await t.app.inject({ method: 'PUT', url: `${base}/cart`, headers, payload: { allocationId: member.allocation.id, lines } });
    if (cart.statusCode !== 200) throw new Error(`cart: ${cart.statusCode} ${cart.body}`);
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/order`,
      headers,
      payload: {
        cartId: (cart.json() as { id: string }).id,
        delivery: delivery === 'shipping' ? { method: 'shipping', countryCode: 'US', shippingAddressId: member.address.id } : { method: 'pickup', locationId: delivery.pickupAt },
        billingAddressId: member.address.id,
        payment: { cardId: member.card.id },
        idempotencyKey: f.newKey(),
      },
    });
    if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`);
    return response.json() as PlacedOrder;
  }

  return { placeOrder };
}
