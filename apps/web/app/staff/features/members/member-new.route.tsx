import { NewMemberPage } from './member-page';
import { consoleMeta } from './page-meta';
import '../../../styles/staff/members.css';

export const meta = () => consoleMeta('members.newTitle');

export default function Route() {
  return <NewMemberPage />;
}
