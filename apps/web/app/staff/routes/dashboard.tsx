import { DashboardPage } from '../features/dashboard/dashboard-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('dashboard');

export default function StaffDashboard() {
  return <DashboardPage />;
}
