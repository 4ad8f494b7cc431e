import { Navigate } from 'react-router';
import { useMemberStatus } from '../../lib/member-status/member-status.api';
import { useSession } from '../../lib/session/session.api';
import { homeRedirect } from '../../lib/member-status/home-redirect';

/**
 * The home page reached inside the app (the brochure script does the same on a page load): a
 * member whose offering is under way is taken to it.
 */
export function MemberHomeRedirect() {
  const session = useSession();
  const memberStatus = useMemberStatus();
  if (!session.loggedIn || !memberStatus.status) return null;
  const target = homeRedirect({ status: memberStatus.status, metaData: memberStatus.detail?.metaData ?? null });
  return target ? <Navigate to={target} replace /> : null;
}
