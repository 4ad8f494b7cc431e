import { BottlesPage } from '../features/bottles/bottles-page';
import { staffMeta } from '../staff-i18n';

export const meta = () => staffMeta('bottles');

export default function StaffBottles() {
  return <BottlesPage />;
}
