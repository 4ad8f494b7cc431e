import { i18n } from '../../lib/i18n';
import { StaffLoginPage } from '../features/login/staff-login-page';
import '../staff-i18n';

/** "Staff Sign-in", on its own: no console frame and no site header. */
export const meta = () => [{ title: i18n.t('staff:login.title') }, { name: 'robots', content: 'noindex' }];

export default function StaffLogin() {
  return <StaffLoginPage />;
}
