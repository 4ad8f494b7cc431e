import { MemberPage } from './member-page';
import { consoleMeta } from './page-meta';
import '../../../styles/staff/members.css';

export const meta = () => consoleMeta('members.memberTitle');

export default function Route() {
  return <MemberPage />;
}
