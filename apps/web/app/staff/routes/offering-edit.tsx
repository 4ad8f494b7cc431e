import { EditOfferingPage } from '../features/offerings/offering-pages';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('offeringEdit');

export default function StaffOfferingEdit() {
  return <EditOfferingPage />;
}
