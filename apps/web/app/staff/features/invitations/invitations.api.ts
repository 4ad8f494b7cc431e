import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationSummary, MailsQueued, StaffInvitation } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export type { InvitationSummary, MailsQueued, StaffInvitation };

export const invitationsPath = (offeringId: string) => `/offerings/${encodeURIComponent(offeringId)}/invitations`;

/** How far the e-mails have gone; asked every 3 s while any is still queued. */
export function useInvitationSummary(offeringId: string, tierId = '') {
  return useQuery({
    queryKey: ['staff', 'invitation-summary', offeringId, tierId],
    queryFn: ({ signal }) => staffApi.get<InvitationSummary>(`${invitationsPath(offeringId)}/summary`, tierId ? { tierId } : undefined, signal),
    refetchInterval: (query) => ((query.state.data?.queued ?? 0) > 0 ? 3_000 : false),
    staleTime: 0,
  });
}

function useAfterSend(offeringId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['staff', 'invitation-summary', offeringId] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'list', invitationsPath(offeringId)] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'dashboard'] });
  };
}

/** Invitations to every allocated member (no ids), a tier's, or those chosen; `resend` mails the invited again. */
export function useSendInvitations(offeringId: string) {
  const after = useAfterSend(offeringId);
  return useMutation({
    mutationFn: (body: { customerIds?: string[]; tierId?: string; resend?: boolean }) => staffApi.post<MailsQueued>(invitationsPath(offeringId), body),
    onSuccess: after,
  });
}

/** A reminder to invited members who have not ordered (every one, or those chosen). */
export function useSendReminders(offeringId: string) {
  const after = useAfterSend(offeringId);
  return useMutation({
    mutationFn: (body: { customerIds?: string[]; tierId?: string }) => staffApi.post<MailsQueued>(`/offerings/${encodeURIComponent(offeringId)}/reminders`, body),
    onSuccess: after,
  });
}
