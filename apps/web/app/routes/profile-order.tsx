import { pageMeta } from '../lib/i18n';
import { OrderPage } from '../features/orders/order-page';
// The order's lines and totals look as they do on the thank-you page; the receipt prints alone.
import '../styles/offering.css';
import '../styles/account/order-page.css';
import '../styles/print.css';

export const meta = () => pageMeta('profileOrder', { noindex: true });

export default function ProfileOrder() {
  return <OrderPage />;
}
