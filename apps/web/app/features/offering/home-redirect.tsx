import { Navigate } from 'react-router';
import { useAllocationStatus } from '../allocation/allocation.api';
import { useSession } from '../session/session.api';
import { homeRedirect } from './offering-access';

/**
 * The home page reached inside the app (the brochure script does the same on a page load): a
 * member whose offering is under way is taken to it.
 */
export function MemberHomeRedirect() {
  const session = useSession();
  const allocation = useAllocationStatus();
  if (!session.loggedIn || !allocation.status) return null;
  const target = homeRedirect({ status: allocation.status, metaData: allocation.detail?.metaData ?? null });
  return target ? <Navigate to={target} replace /> : null;
}
