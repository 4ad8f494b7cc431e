import type { FastifyInstance } from 'fastify';
import type { MailService } from '../mail/mail.service.js';
import { createAllocationImportService } from './allocation-import.service.js';
import { staffAllocationsRoutes } from './staff-allocations.routes.js';
import { createStaffAllocationsService } from './staff-allocations.service.js';
import type { StaffOfferingsRepository } from './staff-offerings.repository.js';
import { staffWishesRoutes } from './staff-wishes.routes.js';
import { createStaffWishesService } from './staff-wishes.service.js';

/** Members' allocations (grid, bulk, CSV) and their wishes: the services and routes, on the staff repository. */
export async function registerStaffAllocations(
  v1: FastifyInstance,
  { repository, now, mail }: { repository: StaffOfferingsRepository; now: () => Date; mail: MailService },
): Promise<void> {
  await v1.register(staffAllocationsRoutes, {
    allocations: createStaffAllocationsService(repository, now),
    imports: createAllocationImportService(repository),
  });
  await v1.register(staffWishesRoutes, { wishes: createStaffWishesService(repository, now, mail) });
}
