import { OfferingsPage } from '../features/offerings/offerings-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('offerings');

export default function StaffOfferings() {
  return <OfferingsPage />;
}
