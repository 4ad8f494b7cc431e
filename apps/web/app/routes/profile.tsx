import { pageMeta } from '../lib/i18n';
import { AccountPage } from '../features/account/account-page';
import { RequireMember } from '../features/session/require-member';

export const meta = () => pageMeta('profile', { noindex: true });

export default function Profile() {
  return (
    <RequireMember>
      <AccountPage />
    </RequireMember>
  );
}
