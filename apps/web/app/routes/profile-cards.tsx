import { pageMeta } from '../lib/i18n';
import { CardsPage } from '../features/cards/cards-page';

export const meta = () => pageMeta('profileCards', { noindex: true });

export default function ProfileCards() {
  return <CardsPage />;
}
