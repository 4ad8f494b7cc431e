import { MembersPage } from './members-page';
import { consoleMeta } from './page-meta';
import '../../../styles/staff/members.css';

export const meta = () => consoleMeta('members.title');

export default function Route() {
  return <MembersPage />;
}
