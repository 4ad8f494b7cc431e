import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStaffRole } from '../session/staff-session.api';

/**
 * "History of changes": the audit trail of one record (a member, an order, a wine, an offering):
 * who changed it, when, and how.
 * Only for those who may read the trail (managers and admins).
 */
export function HistoryLink({ entityId, alone = false }: { entityId: string; /** The only thing on its line: no dot before it. */ alone?: boolean }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  if (!canWrite) return null;
  return (
    <Link className={alone ? 'staff-history-link' : 'staff-history-link staff-history-link--after'} to={`/staff/audit?entityId=${encodeURIComponent(entityId)}`}>
      {t('audit.historyLink')}
    </Link>
  );
}
