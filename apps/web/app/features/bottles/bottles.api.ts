import { BottleVerificationResultSchema, type BottleVerificationInput, type BottleVerificationResult } from '@winery/domain';
import { apiClient } from '../../lib/api-client';

export const BOTTLE_VERIFICATION_PATH = '/bottle-verification';

/**
 * More checks than this and the page adds a caution: a genuine bottle is verified a handful of
 * times in its life (buyer, merchant, collector), a copied label again and again.
 */
export const CAUTION_AFTER_CHECKS = 5;

/**
 * `POST /v1/bottle-verification`: the wine of a registered bottle, or 404 / 400 / 429. A plain call
 * (no query cache): the page runs without the app (ADR 023).
 */
export function verifyBottle(input: BottleVerificationInput): Promise<BottleVerificationResult> {
  return apiClient.post('/v1/bottle-verification', input, { schema: BottleVerificationResultSchema });
}
