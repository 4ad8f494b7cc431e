import { staffMeta } from '../../staff-i18n';
import { ChooseOffering } from './choose-offering';

export const meta = () => staffMeta('allocations');

export default function StaffAllocationsChoose() {
  return <ChooseOffering task="allocations" />;
}
