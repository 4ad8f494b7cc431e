import { OrdersPage } from './orders-page';
import { consoleMeta } from '../members/page-meta';
import '../../../styles/staff/orders.css';

export const meta = () => consoleMeta('orders.title');

export default function Route() {
  return <OrdersPage />;
}
