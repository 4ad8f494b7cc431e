import { JoinRequestSentPage } from '../../features/join-request/join-request-sent-page';
import { hydrateMain } from '../runtime/hydrate';

export default function start(): void {
  hydrateMain(<JoinRequestSentPage />);
}
