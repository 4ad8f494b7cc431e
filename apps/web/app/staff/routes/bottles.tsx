import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('bottles');

export default function StaffBottles() {
  return <PlannedPage pageKey="bottles" />;
}
