import { pageMeta } from '../lib/i18n';
import { CommunicationPage } from '../features/account/communication-page';

export const meta = () => pageMeta('profileCommunication', { noindex: true });

export default function ProfileCommunication() {
  return <CommunicationPage />;
}
