import { WinesPage } from '../features/wines/wines-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('wines');

export default function StaffWines() {
  return <WinesPage />;
}
