import '../../styles/staff/wines.css';
import { EditWinePage } from '../features/wines/wine-pages';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('wineEdit');

export default function StaffWineEdit() {
  return <EditWinePage />;
}
