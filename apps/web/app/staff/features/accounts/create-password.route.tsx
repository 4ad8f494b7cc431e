import { CreateStaffPasswordPage } from './create-password-page';
import { consoleMeta } from '../members/page-meta';

/** The invited colleague's first password: like the sign-in, no console frame. */
export const meta = () => consoleMeta('accounts.createPassword.title');

export default function Route() {
  return <CreateStaffPasswordPage />;
}
