import { ImportPage } from './import-page';
import { consoleMeta } from './page-meta';
import '../../../styles/staff/members.css';

export const meta = () => consoleMeta('members.importFlow.title');

export default function Route() {
  return <ImportPage />;
}
