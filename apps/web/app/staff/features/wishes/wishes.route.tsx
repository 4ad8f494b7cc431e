import { useParams } from 'react-router';
import { staffMeta } from '../../staff-i18n';
import { WishesPage } from './wishes-page';

export const meta = () => staffMeta('wishes');

export default function StaffOfferingWishes() {
  const { offeringId = '' } = useParams();
  return <WishesPage offeringId={offeringId} />;
}
