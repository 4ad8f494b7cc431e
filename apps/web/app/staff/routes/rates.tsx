import { RatesPage } from '../features/rates/rates-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('rates');

export default function StaffRates() {
  return <RatesPage />;
}
