import { useQuery } from '@tanstack/react-query';
import { staffApi } from '../../session/staff-api';

export interface BottleCheck {
  at: string;
  origin: string;
  result: string;
}

export interface BottleRecord {
  bottleId: string;
  wine: { name: string; vintage: number; sizeMl: number };
  bottleNumber?: number;
  firstVerifiedAt: string | null;
  checks: BottleCheck[];
}

export interface SuspiciousBottle {
  bottleId: string;
  wine: string;
  vintage: number;
  sizeMl: number;
  bottleNumber: number;
  checks: number;
  networks: number;
  countries: number;
  firstCheckedAt: string;
  lastCheckedAt: string;
}

/** One bottle by its ID ("A123-B89Z"), with every check and where it came from. */
export function useBottle(bottleId: string) {
  return useQuery({
    queryKey: ['staff', 'bottle', bottleId],
    queryFn: ({ signal }) => staffApi.get<BottleRecord>(`/bottles/${encodeURIComponent(bottleId)}`, undefined, signal),
    enabled: bottleId !== '',
    retry: false,
  });
}
