import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('offeringNew');

export default function StaffOfferingNew() {
  return <PlannedPage pageKey="offeringNew" />;
}
