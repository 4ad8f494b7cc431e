import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('offerings');

export default function StaffOfferings() {
  return <PlannedPage pageKey="offerings" />;
}
