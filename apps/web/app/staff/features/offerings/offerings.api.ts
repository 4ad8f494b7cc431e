import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignKind, InventoryLocation } from '@winery/domain';
import { staffApi } from '../../session/staff-api';

export type OfferingStatus = 'draft' | 'published';
export type OfferingPhase = 'scheduled' | 'open' | 'closed';
export type OfferingTab = OfferingPhase | 'draft';

export interface StaffOfferingSummary {
  id: string;
  name: string;
  slug: string;
  campaignType: CampaignKind;
  startDate: string;
  endDate: string;
  phase: OfferingPhase;
  status?: OfferingStatus;
  closedEarly?: boolean;
  wineCount: number;
  allocationCount: number;
}

export interface StaffOfferingWine {
  offeringWineId: string;
  wineId: string;
  name: string;
  vintage: number;
  sizeMl: number;
  priceCents: number;
  stock: { locationId: string; quantity: number }[];
  available: number;
  ordered: number;
  defaultMinimum?: number;
  defaultMaximum?: number;
}

export interface StaffOffering {
  id: string;
  name: string;
  slug: string;
  campaignType: CampaignKind;
  startDate: string;
  endDate: string;
  phase: OfferingPhase;
  status?: OfferingStatus;
  metaData: Record<string, unknown>;
  letter: { title: string; paragraphs: string[]; signature: string };
  vintageNotes: { title: string; paragraphs: string[] }[];
  letterMarkdown?: string;
  vintageNotesMarkdown?: string;
  reminderDaysBefore?: number | null;
  admissionPerMinute?: number | null;
  holdMinutes?: number | null;
  closedEarlyAt?: string | null;
  orderMinimumCents: number;
  wines: StaffOfferingWine[];
  combinations: { wineId: string; requiresWineId: string; quantity: number }[];
}

export type OfferingBody = Record<string, unknown>;

const offeringPath = (id: string) => `/offerings/${encodeURIComponent(id)}`;

export function useOffering(offeringId: string | undefined) {
  return useQuery({
    queryKey: ['staff', 'offering', offeringId],
    queryFn: ({ signal }) => staffApi.get<StaffOffering>(offeringPath(offeringId ?? ''), undefined, signal),
    enabled: Boolean(offeringId),
  });
}

export function useLocations() {
  return useQuery({
    queryKey: ['staff', 'locations'],
    queryFn: ({ signal }) => staffApi.get<InventoryLocation[]>('/locations', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

function useOfferingWrite<TInput>(write: (input: TInput) => Promise<StaffOffering>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (offering) => {
      if (offering?.id) queryClient.setQueryData(['staff', 'offering', offering.id], offering);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'list', '/offerings'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'dashboard'] });
    },
  });
}

export const useCreateOffering = () => useOfferingWrite((body: OfferingBody) => staffApi.post<StaffOffering>('/offerings', body));

export const useUpdateOffering = (offeringId: string) =>
  useOfferingWrite((body: OfferingBody) => staffApi.put<StaffOffering>(offeringPath(offeringId), body));

/** Publish (draft → published), close now, or duplicate as a draft: each answers the offering it leaves. */
export const useOfferingAction = (offeringId: string) =>
  useOfferingWrite((action: 'publish' | 'close' | 'duplicate') => staffApi.post<StaffOffering>(`${offeringPath(offeringId)}/${action}`));

/** One tier's own opening in an offering (issue 17). */
export interface OfferingOpening {
  tierId: string;
  tierName: string;
  opensAt: string;
  closesAt: string | null;
}

const openingsKey = (offeringId: string | undefined) => ['staff', 'offering', offeringId, 'openings'] as const;

/** `GET /v1/staff/offerings/{id}/openings`: each tier's own opening, earliest first. */
export function useOfferingOpenings(offeringId: string | undefined) {
  return useQuery({
    queryKey: openingsKey(offeringId),
    queryFn: ({ signal }) => staffApi.get<{ openings: OfferingOpening[] }>(`${offeringPath(offeringId ?? '')}/openings`, undefined, signal),
    enabled: Boolean(offeringId),
  });
}

/** `PUT …/openings`: replaces every tier's opening of the offering. */
export function useSaveOpenings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offeringId, body }: { offeringId: string; body: { openings: { tierId: string; opensAt: string; closesAt: string | null }[] } }) =>
      staffApi.put<{ openings: OfferingOpening[] }>(`${offeringPath(offeringId)}/openings`, body),
    onSuccess: (saved, { offeringId }) => queryClient.setQueryData(openingsKey(offeringId), saved),
  });
}

/** The HTML members would read, from the API's own renderer. */
export const previewMarkdown = (markdown: string, signal?: AbortSignal) =>
  staffApi.post<{ html: string }>('/markdown-preview', { markdown }, { signal });
