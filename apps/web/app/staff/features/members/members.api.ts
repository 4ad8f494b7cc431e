import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DateOrder, MemberImportResult, StaffMemberDetail } from '@winery/domain';
import { staffApi, staffUpload } from '../../session/staff-api';

export type { MemberImportResult, StaffMemberDetail, StaffMemberListItem } from '@winery/domain';

/** The list's filters as the URL keeps them (the API and the CSV export take the same). */
export const MEMBER_FILTER_KEYS = ['q', 'tierId', 'countryCode', 'stateCode', 'active', 'orderedInLastOffering'] as const;
export type MemberFilterKey = (typeof MEMBER_FILTER_KEYS)[number];
export type MemberFilters = Partial<Record<MemberFilterKey, string>>;

/** What staff type for a member; dates as `yyyy-mm-dd` ('' for none). */
export interface MemberBody {
  prefix: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  company: string;
  tierId: string | null;
  memberSince: string;
}

export const memberKey = (id: string | undefined) => ['staff', 'member', id] as const;
const at = (id: string) => `/members/${encodeURIComponent(id)}`;

export function useMember(id: string | undefined) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: ({ signal }) => staffApi.get<StaffMemberDetail>(at(id ?? ''), undefined, signal),
    enabled: Boolean(id),
  });
}

/** A write that answers the member as they are now: kept for their page, the lists read again. */
function useMemberWrite<V>(send: (vars: V) => Promise<StaffMemberDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (member) => {
      queryClient.setQueryData(memberKey(member.id), member);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/members'] });
    },
  });
}

export const useSaveMember = (id?: string) =>
  useMemberWrite((body: MemberBody) => (id ? staffApi.put<StaffMemberDetail>(at(id), body) : staffApi.post<StaffMemberDetail>('/members', body)));
export const useDeactivateMember = () => useMemberWrite((id: string) => staffApi.post<StaffMemberDetail>(`${at(id)}/deactivate`));
export const useReactivateMember = () => useMemberWrite((id: string) => staffApi.post<StaffMemberDetail>(`${at(id)}/reactivate`));

/** E-mails: an account link (signs in and opens the account) or an invitation to create a password. */
export function useSendMemberLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: 'account-link' | 'invite' }) => staffApi.post(`${at(id)}/${kind}`),
    onSuccess: (_answer, { id }) => void queryClient.invalidateQueries({ queryKey: memberKey(id) }),
  });
}

/** Moves the chosen members into a tier (or out of any), all or nothing. */
export function useMoveToTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { customerIds: string[]; tierId: string | null }) => staffApi.post<{ updated: number }>('/members/tier', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/members'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'member'] });
    },
  });
}

export interface ImportRun {
  csv: string;
  dryRun: boolean;
  sendInvitations: boolean;
  /** Our field → their column; null for a field read from no column. */
  mapping: Record<string, string | null>;
  /** How the file's slashed dates read, once staff say; left out, the API decides from the dates. */
  dates?: DateOrder;
  /** The tier each of the file's tier names goes into, as staff chose ('' for none). */
  tiers?: Record<string, string>;
}

/** The member file: a dry run (what would happen) or the import itself, with upload progress. */
export function useMemberImport(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun, sendInvitations, mapping, dates, tiers }: ImportRun) =>
      staffUpload<MemberImportResult>('/members/import', csv, {
        contentType: 'text/csv',
        query: { dryRun, sendInvitations, mapping: Object.keys(mapping).length > 0 ? JSON.stringify(mapping) : undefined,
          dates,
          tiers: tiers && Object.keys(tiers).length > 0 ? JSON.stringify(tiers) : undefined,
        },
        onProgress,
      }),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/members'] });
    },
  });
}
