import type { FoundersListInput, JoinAllocationInput, PlaceInLine } from '@winery/domain';
import { apiClient } from '../../lib/api-client';

export const JOIN_REQUEST_PATH = '/allocation';
export const JOIN_REQUEST_SENT_PATH = '/allocation-request';
export const FOUNDERS_LIST_PATH = '/founders-list';

/** What the API answers for a stored request: its id and which list it is for. */
export interface JoinRequestReceipt {
  id: string;
  kind: string;
}

// Plain calls, no query cache: a prospect's date of birth and address are nobody's business after
// sending, and these pages run without the app (ADR 023).

/** `POST /v1/allocation-request`: a prospect asks to join the allocation list. */
export function sendJoinRequest(input: JoinAllocationInput): Promise<JoinRequestReceipt> {
  return apiClient.post<JoinRequestReceipt>('/v1/allocation-request', input);
}

/** `POST /v1/founders-list`: the same person, with their ideal allocation. */
export function joinFoundersList(input: FoundersListInput): Promise<JoinRequestReceipt> {
  return apiClient.post<JoinRequestReceipt>('/v1/founders-list', input);
}

/**
 * `POST /v1/allocation-request/place`: where the prospect's request stands, from the token of the
 * e-mailed link. The token travels in the body, never in an address a server would log (ADR 031).
 */
export function lookUpPlace(token: string): Promise<PlaceInLine> {
  return apiClient.post<PlaceInLine>('/v1/allocation-request/place', { token });
}

/** The token of an e-mailed place-in-line link: `/allocation-request#t=<token>`. */
export function placeTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token && /^[A-Za-z0-9_-]{1,256}$/.test(token) ? token : null;
}
