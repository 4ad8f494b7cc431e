import { NewWinePage } from '../features/wines/wine-pages';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('wineNew');

export default function StaffWineNew() {
  return <NewWinePage />;
}
