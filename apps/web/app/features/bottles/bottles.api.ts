import { useMutation } from '@tanstack/react-query';
import { BottleVerificationResultSchema, type BottleVerificationInput } from '@winery/domain';
import { apiClient } from '../../lib/api-client';

export const BOTTLE_VERIFICATION_PATH = '/bottle-verification';

/**
 * More checks than this and the page adds a caution: a genuine bottle is verified a handful of
 * times in its life (buyer, merchant, collector), a copied label again and again.
 */
export const CAUTION_AFTER_CHECKS = 5;

/** `POST /v1/bottle-verification`: the wine of a registered bottle, or 404 / 400 / 429. */
export function useVerifyBottle() {
  return useMutation({
    mutationFn: (input: BottleVerificationInput) =>
      apiClient.post('/v1/bottle-verification', input, { schema: BottleVerificationResultSchema }),
  });
}
