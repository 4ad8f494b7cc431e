import type { Route } from './+types/event-offering';
import { pageMeta } from '../lib/i18n';
import { EventSelectionPage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('eventAllocation', { noindex: true });

export default function EventOffering({ params }: Route.ComponentProps) {
  return <EventSelectionPage slug={params.slug} />;
}
