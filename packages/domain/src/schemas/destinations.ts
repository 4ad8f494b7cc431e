import { z } from 'zod';

/**
 * `GET /v1/{tenant}/customer/{customerId}/destinations`: where the winery ships, read from its
 * rate tables (domain `shippingDestinations`), so checkout offers only those before an address is typed.
 */
export const ShippingDestinationsSchema = z.object({
  countries: z.array(
    z.object({
      countryCode: z.string(),
      /** The states served where the country has a list of states; null: the whole country. */
      states: z.array(z.string()).nullable(),
    }),
  ),
  /** Places that cannot receive wine, named as 'Sorry, we cannot ship to {destination}.' names them. */
  refused: z.array(z.object({ countryCode: z.string(), stateCode: z.string().nullable(), name: z.string() })),
});
export type ShippingDestinationsView = z.infer<typeof ShippingDestinationsSchema>;
