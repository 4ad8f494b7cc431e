import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('wineEdit');

export default function StaffWineEdit() {
  return <PlannedPage pageKey="wineEdit" />;
}
