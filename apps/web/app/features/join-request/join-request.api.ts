import type { FoundersListInput, JoinAllocationInput } from '@winery/domain';
import { apiClient } from '../../lib/api-client';
import { useSecretMutation } from '../../lib/secret-mutation';

export const JOIN_REQUEST_PATH = '/allocation';
export const JOIN_REQUEST_SENT_PATH = '/allocation-request';
export const FOUNDERS_LIST_PATH = '/founders-list';

/** What the API answers for a stored request: its id and which list it is for. */
export interface JoinRequestReceipt {
  id: string;
  kind: string;
}

// A prospect's date of birth and address are nobody's business after sending: like passwords, they
// stay out of the mutation cache.

/** `POST /v1/allocation-request`: a prospect asks to join the allocation list. */
export function useSendJoinRequest() {
  return useSecretMutation((input: JoinAllocationInput) =>
    apiClient.post<JoinRequestReceipt>('/v1/allocation-request', input),
  );
}

/** `POST /v1/founders-list`: the same person, with their ideal allocation. */
export function useJoinFoundersList() {
  return useSecretMutation((input: FoundersListInput) => apiClient.post<JoinRequestReceipt>('/v1/founders-list', input));
}
