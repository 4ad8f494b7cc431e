import { TiersPage } from './tiers-page';
import { consoleMeta } from '../members/page-meta';
import '../../styles/staff/tiers.css';

export const meta = () => consoleMeta('tiers.title');

export default function Route() {
  return <TiersPage />;
}
