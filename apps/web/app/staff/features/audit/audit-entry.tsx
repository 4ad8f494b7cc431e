import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '@winery/domain';
import { diffRecords } from './audit-diff';

/** The record before and after one write, field by field; what changed is marked, not only coloured. */
export function AuditDiff({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('staff');
  const rows = diffRecords(entry.before, entry.after);
  if (rows.length === 0) return <p className="staff-muted">{t('audit.noDetail')}</p>;
  return (
    <table className="staff-table staff-audit-diff">
      <caption className="visually-hidden">{t('audit.diffCaption', { action: entry.action })}</caption>
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
            <th scope="row">
              {row.path}
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
