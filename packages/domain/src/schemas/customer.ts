import { z } from 'zod';

/**
 * A customer as the API shows it to that customer (seed §3): lastActivityDate, updatedAt and
 * loginActivity are dropped, and no password hash ever leaves the server.
 */
export const CustomerSchema = z.object({
  id: z.uuid(),
  prefix: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable().describe('ISO date, YYYY-MM-DD'),
  company: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 instant'),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerParamsSchema = z.object({
  customerId: z.uuid({ error: 'invalidId' }),
});
