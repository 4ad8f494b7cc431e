import { ForgotPasswordSuccessPage } from '../../features/passwords/forgot-password-success-page';
import { hydrateMain } from '../runtime/hydrate';

export default function start(): void {
  hydrateMain(<ForgotPasswordSuccessPage />);
}
