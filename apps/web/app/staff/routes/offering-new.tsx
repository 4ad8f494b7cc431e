import { NewOfferingPage } from '../features/offerings/offering-pages';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('offeringNew');

export default function StaffOfferingNew() {
  return <NewOfferingPage />;
}
