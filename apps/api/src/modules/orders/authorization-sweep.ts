import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { OrdersRepository } from './orders.repository.js';
import { DAY_MS } from '@winery/domain';

/** Card networks release an authorisation after about a week: an older hold needs no void. */
export const SWEEP_LOOK_BACK_MS = 7 * DAY_MS;
/** Besides once at start: another instance may have died since. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface AuthorizationSweepDependencies {
  repository: OrdersRepository;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Voids card holds whose order was never written (ADR 013). Placement authorises inside its
 * transaction; a process killed between the gateway's approval and the commit leaves the hold at
 * the gateway and no order (the transaction rolls back with the connection). The gateway keeps
 * what each hold was for (tenant, member, allocation, submission key); this sweep asks it for the
 * open holds and voids each one no order carries.
 *
 * A hold of a placement still running must not be voided: that placement holds the member's
 * allocation lock from before it authorises until it commits, so the sweep takes the same lock
 * and looks again before voiding, and voids while it still holds it (so a retry of the same
 * submission cannot pick the hold up in between: it waits, then is authorised afresh).
 *
 * A captured payment (the order shipped or was ready for pick-up, ADR 025) is never voided: the
 * gateway no longer lists it as open, even once no order carries it (its member erased), and
 * refuses to void it; money taken is only ever given back by a cancel's refund.
 */
export function createAuthorizationSweep({ repository, gateway, log, now }: AuthorizationSweepDependencies) {
  return async function sweepAuthorizations(): Promise<{ voided: string[] }> {
    const open = await gateway.listOpenAuthorizations(new Date(now().getTime() - SWEEP_LOOK_BACK_MS));
    if (open.length === 0) return { voided: [] };
    const carried = await repository.authorizationsOnOrders(open.map((hold) => hold.authorizationId));
    const voided: string[] = [];
    for (const hold of open) {
      // Without a reference the hold was not made by order placement: not this sweep's to judge.
      if (carried.has(hold.authorizationId) || !hold.reference) continue;
      const { tenantId, customerId, allocationId } = hold.reference;
      try {
        const orphan = await repository.transaction(async (q) => {
          await q.lockAllocation(tenantId, customerId, allocationId);
          if (await q.hasOrderWithAuthorization(hold.authorizationId)) return false;
          await gateway.voidAuthorization(hold.authorizationId);
          return true;
        });
        if (orphan) voided.push(hold.authorizationId);
      } catch (error) {
        // Tried again on the next sweep; the id lets staff release it by hand meanwhile.
        log.error({ authorizationId: hold.authorizationId, gateway: gateway.name, errorName: (error as Error)?.name }, 'could not void a card hold whose order was never written');
      }
    }
    if (voided.length > 0) log.warn({ authorizationIds: voided, gateway: gateway.name }, 'voided card holds whose order was never written');
    return { voided };
  };
}
