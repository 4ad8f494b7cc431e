import { PlannedPage } from '../components/planned-page';
import { staffMeta } from '../staff-i18n';

// Built next by the Allocations / Invitations / Wishes work (issue 13); listed in the navigation now.
export const meta = () => staffMeta('wishes');

export default function StaffWishes() {
  return <PlannedPage pageKey="wishes" />;
}
