import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '../../session/staff-api';

export interface DashboardWine {
  offeringWineId: string;
  name: string;
  vintage: number;
  sizeMl: number;
  sold: number;
  left: number;
}

export interface DashboardOffering {
  id: string;
  name: string;
  slug: string;
  phase: 'scheduled' | 'open' | 'closed';
  startDate: string;
  endDate: string;
  secondsToStart: number | null;
  secondsToEnd: number | null;
  invited: number;
  signedInThroughLink: number;
  ordered: number;
  takeUpPercent: number;
  revenueCents: number;
  wines: DashboardWine[];
  wishesWaiting: number;
}

export interface Dashboard {
  generatedAt: string;
  offerings: DashboardOffering[];
  prospectsWaiting: number;
}

export const DASHBOARD_POLL_MS = 5_000;

/**
 * The live and the next offering. While one is open it is asked again every 5 s; React Query
 * stops asking while the tab is hidden (refetchIntervalInBackground is off) and asks on return.
 */
export function useDashboard() {
  return useQuery({
    queryKey: ['staff', 'dashboard'],
    queryFn: ({ signal }) => staffApi.get<Dashboard>('/dashboard', undefined, signal),
    refetchInterval: (query) => (query.state.data?.offerings.some((offering) => offering.phase === 'open') ? DASHBOARD_POLL_MS : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** `GET /v1/staff/offerings/:id/waiting-room` (issue 17): each opening's room, holds active, the rate. */
export interface WaitingRoomPanelData {
  admissionPerMinute: number | null;
  serverTime: string;
  holdsActive: number;
  rooms: Array<{ tierId: string | null; tierName: string | null; opensAt: string; waiting: number; admitted: number; admittedLastMinute: number }>;
}

const waitingRoomKey = (offeringId: string) => ['staff', 'dashboard', 'waiting-room', offeringId] as const;

/** The offering's waiting room, asked again every 5 s with the dashboard (not while the tab is hidden). */
export function useWaitingRoomPanel(offeringId: string) {
  return useQuery({
    queryKey: waitingRoomKey(offeringId),
    queryFn: ({ signal }) => staffApi.get<WaitingRoomPanelData>(`/offerings/${encodeURIComponent(offeringId)}/waiting-room`, undefined, signal),
    refetchInterval: DASHBOARD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** `PUT …/admission-rate`: the new rate, live; the panel shows the answer at once. */
export function useSetAdmissionRate(offeringId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // What was typed goes as it is (a number, null to turn the room off, else the text): the API names the problem.
    mutationFn: (admissionPerMinute: number | string | null) =>
      staffApi.put<WaitingRoomPanelData>(`/offerings/${encodeURIComponent(offeringId)}/admission-rate`, { admissionPerMinute }),
    onSuccess: (data) => queryClient.setQueryData(waitingRoomKey(offeringId), data),
  });
}
