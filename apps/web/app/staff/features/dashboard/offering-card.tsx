import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge';
import { formatCents } from '../../lib/money';
import { formatCountdown, formatDateTime } from '../../lib/time-zone';
import type { DashboardOffering } from './dashboard.api';
import { useNow } from './use-now';
import { WaitingRoomPanel } from './waiting-room-panel';

const PHASE_TONE = { open: 'positive', scheduled: 'attention', closed: 'quiet' } as const;

/** One offering on the dashboard: its window and countdown, the invitations' take-up, wines sold and left. */
export function OfferingCard({ offering, timeZone }: { offering: DashboardOffering; timeZone: string }) {
  const { t } = useTranslation('staff');
  const now = useNow();
  const target = offering.phase === 'scheduled' ? Date.parse(offering.startDate) : Date.parse(offering.endDate);
  const seconds = Math.max(0, Math.round((target - now) / 1000));
  const headingId = `dashboard-offering-${offering.id}`;
  const figures = [
    { key: 'invited', value: offering.invited.toLocaleString('en-US') },
    { key: 'signedIn', value: offering.signedInThroughLink.toLocaleString('en-US') },
    { key: 'ordered', value: offering.ordered.toLocaleString('en-US') },
    { key: 'takeUp', value: t('dashboard.percent', { value: offering.takeUpPercent.toFixed(1) }) },
    { key: 'revenue', value: formatCents(offering.revenueCents) },
  ];

  return (
    <article className="dashboard-card" aria-labelledby={headingId} data-testid="dashboard-offering">
      <header className="dashboard-card__head">
        <div>
          <p className="dashboard-card__kind">{t(`dashboard.kind.${offering.phase}`)}</p>
          <h2 className="dashboard-card__title" id={headingId}>
            <Link to={`/staff/offerings/${offering.id}`}>{offering.name}</Link>
          </h2>
          <p className="dashboard-card__window">
            {t('dashboard.window', { start: formatDateTime(offering.startDate, timeZone), end: formatDateTime(offering.endDate, timeZone) })}
          </p>
        </div>
        <StatusBadge tone={PHASE_TONE[offering.phase]}>{t(`phases.${offering.phase}`)}</StatusBadge>
      </header>

      {offering.phase !== 'closed' ? (
        <p className="dashboard-card__countdown">
          <span className="dashboard-card__countdown-label">{t(offering.phase === 'open' ? 'dashboard.closesIn' : 'dashboard.opensIn')}</span>{' '}
          <span className="dashboard-card__countdown-value" data-testid="dashboard-countdown">
            {formatCountdown(seconds)}
          </span>
        </p>
      ) : null}

      <dl className="dashboard-figures">
        {figures.map((figure) => (
          <div className="dashboard-figures__item" key={figure.key}>
            <dt>{t(`dashboard.figures.${figure.key}`)}</dt>
            <dd data-testid={`dashboard-${figure.key}`}>{figure.value}</dd>
          </div>
        ))}
      </dl>

      <h3 className="dashboard-card__subhead">{t('dashboard.wines')}</h3>
      {offering.wines.length === 0 ? (
        <p className="muted">{t('dashboard.noWines')}</p>
      ) : (
        <ul className="dashboard-wines">
          {offering.wines.map((wine) => {
            const total = wine.sold + wine.left;
            const share = total > 0 ? (wine.sold / total) * 100 : 0;
            return (
              <li className="dashboard-wines__item" key={wine.offeringWineId}>
                <span className="dashboard-wines__name">{t('dashboard.wineName', { name: wine.name, vintage: wine.vintage, size: wine.sizeMl })}</span>
                <span className="dashboard-wines__bar" aria-hidden="true">
                  <span className="dashboard-wines__fill" style={{ width: `${share}%` }} />
                </span>
                <span className="dashboard-wines__numbers">{t('dashboard.soldLeft', { sold: wine.sold, left: wine.left })}</span>
              </li>
            );
          })}
        </ul>
      )}

      {offering.phase !== 'closed' ? <WaitingRoomPanel offeringId={offering.id} offeringName={offering.name} timeZone={timeZone} /> : null}

      <p className="dashboard-card__links">
        <Link to={`/staff/offerings/${offering.id}/wishes`}>{t('dashboard.wishesWaiting', { count: offering.wishesWaiting })}</Link>
        <Link to={`/staff/offerings/${offering.id}/invitations`}>{t('dashboard.invitations')}</Link>
      </p>
    </article>
  );
}
