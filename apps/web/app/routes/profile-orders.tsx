import { pageMeta } from '../lib/i18n';
import { OrdersPage } from '../features/orders/orders-page';

export const meta = () => pageMeta('profileOrders', { noindex: true });

export default function ProfileOrders() {
  return <OrdersPage />;
}
