import { useParams } from 'react-router';
import { staffMeta } from '../../staff-i18n';
import { InvitationsPage } from './invitations-page';

export const meta = () => staffMeta('invitations');

export default function StaffOfferingInvitations() {
  const { offeringId = '' } = useParams();
  return <InvitationsPage offeringId={offeringId} />;
}
