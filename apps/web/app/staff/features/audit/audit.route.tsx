import { AuditPage } from './audit-page';
import { consoleMeta } from '../members/page-meta';
import '../../../styles/staff/audit.css';

export const meta = () => consoleMeta('audit.title');

export default function Route() {
  return <AuditPage />;
}
