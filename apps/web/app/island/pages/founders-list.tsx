import { FoundersListPage } from '../../features/join-request/founders-list-page';
import { hydrateMain } from '../runtime/hydrate';

export default function start(): void {
  hydrateMain(<FoundersListPage />);
}
