import { pageMeta } from '../lib/i18n';
import { WaitingRoomPage } from '../features/waiting-room/waiting-room-page';

export const meta = () => pageMeta('offeringWaitingRoom', { noindex: true });

export default function OfferingWaitingRoom() {
  return <WaitingRoomPage />;
}
