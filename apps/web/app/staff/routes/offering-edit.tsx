import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('offeringEdit');

export default function StaffOfferingEdit() {
  return <PlannedPage pageKey="offeringEdit" />;
}
