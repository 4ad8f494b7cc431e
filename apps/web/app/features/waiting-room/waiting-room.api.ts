import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WaitingRoomSchema, type WaitingRoom } from '@winery/domain';
import { apiClient, customerPath } from '../../lib/api-client';
import { sessionQueryKeys } from '../../lib/session/session';
import { useSession } from '../../lib/session/session.api';

/** About every 5 s, spread over 4–6 s so a crowd's polls do not arrive in step. */
export const pollDelayMs = (random: () => number = Math.random) => 4_000 + Math.round(random() * 2_000);

const roomPath = (customerId: string | null, allocationId: string) =>
  `${customerPath(customerId)}/allocation/${encodeURIComponent(allocationId)}/waiting-room`;

/**
 * The member's place in their opening's waiting room: joined on the page's first read (POST,
 * which finds the same place again after a reload or in a second tab), then read every ~5 s
 * (GET) until the member is through. React Query stops polling while the tab is hidden
 * (refetchIntervalInBackground is off) and reads again when it is shown.
 *
 * The delay is drawn once per page: React Query restarts its interval whenever the delay it is
 * given changes, and the page re-renders every second for its countdown, so a delay drawn at each
 * render never ran out and the page never asked again.
 */
export function useWaitingRoom(allocationId: string | null | undefined) {
  const { customerId, token } = useSession();
  const joined = useRef(false);
  const [delayMs] = useState(() => pollDelayMs());
  return useQuery({
    queryKey: [...sessionQueryKeys.allocation, customerId, 'waiting-room', allocationId ?? null],
    queryFn: async ({ signal }): Promise<WaitingRoom> => {
      const path = roomPath(customerId, allocationId ?? '');
      if (joined.current) return apiClient.get(path, { token, schema: WaitingRoomSchema, signal });
      const room = await apiClient.post(path, undefined, { token, schema: WaitingRoomSchema, signal });
      joined.current = true;
      return room;
    },
    enabled: Boolean(customerId && token && allocationId),
    refetchInterval: (query) => (query.state.data && (query.state.data.state === 'admitted' || query.state.data.state === 'no-room') ? false : delayMs),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
  });
}
