import { JoinRequestPage } from '../../features/join-request/join-request-page';
import { hydrateMain } from '../runtime/hydrate';

export default function start(): void {
  hydrateMain(<JoinRequestPage />);
}
