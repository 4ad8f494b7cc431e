import { consoleMeta } from '../members/page-meta';
import { ListRulesPage } from './list-rules-page';

export const meta = () => consoleMeta('listRules.title');

export default function Route() {
  return <ListRulesPage />;
}
