import { pageMeta } from '../lib/i18n';
import { AddressesPage } from '../features/addresses/addresses-page';

export const meta = () => pageMeta('profileAddresses', { noindex: true });

export default function ProfileAddresses() {
  return <AddressesPage />;
}
