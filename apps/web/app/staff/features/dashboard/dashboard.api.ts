import { useQuery } from '@tanstack/react-query';
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
