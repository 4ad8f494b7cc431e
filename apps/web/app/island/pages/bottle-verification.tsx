import { BottleVerificationPage } from '../../features/bottles/bottle-verification-page';
import { hydrateMain } from '../runtime/hydrate';

export default function start(): void {
  hydrateMain(<BottleVerificationPage />);
}
