import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('wines');

export default function StaffWines() {
  return <PlannedPage pageKey="wines" />;
}
