import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StandingOffering, StandingWine } from '@winery/domain';
import { formatDate } from '../../lib/format';
import { WineTitle } from '../../components/wine-title';
import { describeWindow, offeredLimits, offeringOutcome, wishOutcome } from './standing-format';

/** What a member was offered of one wine: "1–6 bottles", "Up to 6 bottles", "Not offered". */
function Offered({ wine }: { wine: StandingWine }) {
  const { t } = useTranslation();
  const limits = offeredLimits(wine);
  if (limits.kind === 'notOffered') return <span className="muted">{t('standing.offered.notOffered')}</span>;
  return <>{t(`standing.offered.${limits.kind}`, limits.kind === 'range' ? { minimum: limits.minimum, maximum: limits.maximum } : { count: limits.count })}</>;
}

/** A wish and what became of it, in words (never a colour alone). */
function Wish({ wine }: { wine: StandingWine }) {
  const { t } = useTranslation();
  if (!wine.wish) return <span className="muted">{t('standing.wish.none')}</span>;
  const outcome = wishOutcome(wine.wish);
  return (
    <span className={`standing-wish standing-wish--${outcome.kind}`}>
      {t(`standing.wish.${outcome.kind}`, { count: outcome.requested, granted: outcome.kind === 'grantedInPart' ? outcome.granted : undefined })}
    </span>
  );
}

/**
 * One offering the member had an allocation in: its name and their window, whether it is open,
 * what they ordered (or that they skipped it), then each wine with what was offered, ordered and
 * wished for.
 */
export function StandingOfferingCard({ offering }: { offering: StandingOffering }) {
  const { t } = useTranslation();
  const headingId = `standing-offering-${offering.allocationId}`;
  const outcome = offeringOutcome(offering);
  const days = describeWindow(offering.opensAt, offering.closesAt);
  const open = offering.state === 'open';

  return (
    <article className="card standing-offering" aria-labelledby={headingId} data-testid="standing-offering" data-state={offering.state}>
      <header className="standing-offering__head">
        <div>
          <h2 id={headingId} className="standing-offering__name">
            {offering.name}
          </h2>
          {days ? (
            <p className="standing-offering__window">
              {days.kind === 'neverOpened'
                ? t('standing.window.neverOpened', { opening: days.opening, closed: days.closed })
                : t(open ? 'standing.window.open' : 'standing.window.closed', { window: days.window })}
            </p>
          ) : null}
        </div>
        <p className="standing-offering__badges">
          <span className={open ? 'badge' : 'badge badge--quiet'}>{t(`standing.state.${offering.state}`)}</span>
        </p>
      </header>

      {outcome === 'skipped' ? (
        <p className="standing-offering__outcome standing-offering__outcome--skipped" data-testid="standing-skipped">
          <span className="standing-offering__mark" aria-hidden="true" />
          {t('standing.skipped')}
        </p>
      ) : outcome === 'closedBeforeTurn' ? (
        <p className="standing-offering__outcome" data-testid="standing-closed-before-turn">
          {t('standing.closedBeforeTurn')}
        </p>
      ) : outcome === 'notYet' ? (
        <p className="standing-offering__outcome" data-testid="standing-not-yet">
          {t('standing.notYet', { date: formatDate(offering.closesAt) })}
        </p>
      ) : (
        <div className="standing-offering__outcome" data-testid="standing-ordered">
          <p className="standing-offering__ordered">{t('standing.ordered', { count: offering.bottlesOrdered })}</p>
          <ul className="standing-orders" aria-label={t('standing.ordersLabel', { name: offering.name })}>
            {offering.orders.map((order) => (
              <li key={order.id} data-testid="standing-order">
                <Link to={`/profile/orders/${order.id}`}>{t('standing.order', { number: order.number, date: formatDate(order.placedAt) })}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}

      {offering.wines.length > 0 ? (
        <div className="standing-wines__frame">
          <table className="standing-wines" data-testid="standing-wines">
            <caption className="visually-hidden">{t('standing.wines.caption', { name: offering.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('standing.wines.wine')}</th>
                <th scope="col">{t('standing.wines.offered')}</th>
                <th scope="col" className="standing-wines__number">
                  {t('standing.wines.ordered')}
                </th>
                <th scope="col">{t('standing.wines.wish')}</th>
              </tr>
            </thead>
            <tbody>
              {offering.wines.map((wine) => (
                <tr key={wine.wineId} data-testid="standing-wine">
                  <th scope="row" className="standing-wines__wine">
                    <WineTitle wine={wine} />
                  </th>
                  <td>
                    <Offered wine={wine} />
                  </td>
                  <td className="standing-wines__number">{wine.ordered}</td>
                  <td>
                    <Wish wine={wine} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </article>
  );
}
