import { OrderPage } from './order-page';
import { consoleMeta } from '../members/page-meta';
import '../../../styles/staff/orders.css';

export const meta = () => consoleMeta('orders.orderTitleLoading');

export default function Route() {
  return <OrderPage />;
}
