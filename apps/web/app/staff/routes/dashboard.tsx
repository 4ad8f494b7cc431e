import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('dashboard');

export default function StaffDashboard() {
  return <PlannedPage pageKey="dashboard" />;
}
