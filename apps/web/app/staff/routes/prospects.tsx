import '../../styles/staff/prospects.css';
import { ProspectsPage } from '../features/prospects/prospects-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('prospects');

export default function StaffProspects() {
  return <ProspectsPage />;
}
