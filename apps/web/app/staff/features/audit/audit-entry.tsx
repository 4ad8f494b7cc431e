import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '@winery/domain';
import { formatCents } from '../../lib/money';
import { formatDateTime } from '../../lib/time-zone';
import { diffRecords, fieldLabel } from './audit-diff';
import { actionLabel, entityLabel, subjectPath } from './audit-labels';

/**
 * Whom or what an entry is about: the record's name as it reads now (a member's, an order's
 * number), linked to its page where it has one; a removed record's name as the entry last saw it,
 * said to be gone; else the kind of record, with its id when the entry gives one.
 */
export function AuditSubject({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('staff');
  const { subject } = entry;
  const path = subject && !subject.gone ? subjectPath(entry.entityType, entry.entityId, subject.memberId) : null;
  return (
    <span className="staff-audit__entity">
      <span className="staff-audit__kind">{entityLabel(t, entry.entityType)}</span>{' '}
      {subject ? (
        <>
          {path ? <Link to={path}>{subject.name}</Link> : <span>{subject.name}</span>}
          {subject.detail ? <span className="staff-muted"> · {subject.detail}</span> : null}
          {subject.gone ? <span className="staff-muted"> ({t('audit.entityGone')})</span> : null}
        </>
      ) : entry.entityId ? (
        <span className="staff-muted">{entry.entityId}</span>
      ) : null}
    </span>
  );
}

/** Fields whose values are codes, and where the console keeps its words for them: an order's statuses. */
const CODED: Record<string, string> = { fulfilmentStatus: 'orders.status', paymentStatus: 'orders.payment' };

/** The record before and after one write, field by field in words; what changed is marked, not only coloured. */
export function AuditDiff({ entry, timeZone }: { entry: AuditEntryView; timeZone: string }) {
  const { t } = useTranslation('staff');
  const rows = diffRecords(entry.before, entry.after, {
    coded: (path, value) => {
      const words = CODED[path];
      return words ? t(`${words}.${value}`, { defaultValue: value }) : undefined;
    },
    cents: formatCents,
    instant: (iso) => formatDateTime(iso, timeZone),
    yes: t('audit.diff.yes'),
    no: t('audit.diff.no'),
  });
  if (rows.length === 0) return <p className="staff-muted">{t('audit.noDetail')}</p>;
  return (
    <table className="staff-table staff-audit-diff">
      <caption className="visually-hidden">{t('audit.diffCaption', { action: actionLabel(t, entry.action) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('audit.diff.field')}</th>
          <th scope="col">{t('audit.diff.before')}</th>
          <th scope="col">{t('audit.diff.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path} className={row.changed ? 'staff-audit-diff__changed' : undefined}>
            <th scope="row" title={row.path}>
              {fieldLabel(row.path)}
              {row.changed ? <span className="visually-hidden"> {t('audit.diff.changed')}</span> : null}
            </th>
            <td>{row.before === '' ? <span className="staff-muted">—</span> : row.changed ? <del>{row.before}</del> : row.before}</td>
            <td>{row.after === '' ? <span className="staff-muted">—</span> : row.changed ? <ins>{row.after}</ins> : row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
