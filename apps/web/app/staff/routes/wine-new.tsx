import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('wineNew');

export default function StaffWineNew() {
  return <PlannedPage pageKey="wineNew" />;
}
