import { ChooseOffering } from '../allocations/choose-offering';
import { staffMeta } from '../../staff-i18n';

export const meta = () => staffMeta('invitations');

export default function StaffChooseOffering() {
  return <ChooseOffering task="invitations" />;
}
