import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('prospects');

export default function StaffProspects() {
  return <PlannedPage pageKey="prospects" />;
}
