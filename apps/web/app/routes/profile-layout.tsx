import { Outlet } from 'react-router';
import { AccountLayout } from '../features/account/account-layout';
import { RequireMember } from '../components/require-member';
// Only members load these pages, so their styles stay out of the brochure's stylesheet.
import '../styles/account.css';

export default function ProfileLayout() {
  return (
    <RequireMember>
      <AccountLayout>
        <Outlet />
      </AccountLayout>
    </RequireMember>
  );
}
