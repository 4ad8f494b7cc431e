import { ForgotPasswordPage } from '../../features/passwords/forgot-password-page';
import { hydrateMain } from '../runtime/hydrate';

export default function start(): void {
  hydrateMain(<ForgotPasswordPage />);
}
