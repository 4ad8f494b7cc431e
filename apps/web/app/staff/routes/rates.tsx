import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('rates');

export default function StaffRates() {
  return <PlannedPage pageKey="rates" />;
}
