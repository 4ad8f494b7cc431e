import { useParams } from 'react-router';
import { staffMeta } from '../../staff-i18n';
import { AllocationsPage } from './allocations-page';

export const meta = () => staffMeta('allocations');

export default function StaffOfferingAllocations() {
  const { offeringId = '' } = useParams();
  return <AllocationsPage offeringId={offeringId} />;
}
