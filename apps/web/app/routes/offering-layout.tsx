import { Outlet } from 'react-router';
import { RequireMember } from '../components/require-member';
// Only members load these pages, so their styles stay out of the brochure's stylesheet. The
// checkout reuses the account's address and card forms, hence the account's styles too.
import '../styles/account.css';
import '../styles/offering.css';

/** /offering/* and /event/*: members only, rendered in the browser. */
export default function OfferingLayout() {
  return (
    <RequireMember>
      <Outlet />
    </RequireMember>
  );
}
