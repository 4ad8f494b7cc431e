import { AccountsPage } from './accounts-page';
import { consoleMeta } from '../members/page-meta';
import '../../../styles/staff/accounts.css';

export const meta = () => consoleMeta('accounts.title');

export default function Route() {
  return <AccountsPage />;
}
