import type { FoundersListInput, JoinAllocationInput } from '@winery/domain';
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
