import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/api-error';
import { AccountHeader, EmptyState, LoadFailed } from '../account/account-layout';
import { rulesUnderSection, standingSummary } from './standing-format';
import { StandingOfferingCard } from './standing-offering';
import { useStanding } from './standing.api';

/**
 * /profile/standing, "Your standing" (issue 17, item 5): every offering the member had an
 * allocation in, newest first, with what they were offered, ordered and wished for, and the
 * winery's rules of the list, so the rules that decide their next allocation are in front of them.
 */
export function StandingPage() {
  const { t } = useTranslation();
  const standing = useStanding();

  let body: React.ReactNode;
  if (standing.isError) {
    body = <LoadFailed message={errorMessage(standing.error, t('standing.loadFailed'))} onRetry={() => void standing.refetch()} />;
  } else if (standing.isPending) {
    body = <PageLoading label={t('standing.loading')} />;
  } else {
    const { offerings, rules } = standing.data;
    const summary = standingSummary(offerings);
    body = (
      <>
        {offerings.length === 0 ? (
          <EmptyState title={t('standing.empty')} hint={t('standing.emptyHint')} />
        ) : (
          <>
            <dl className="standing-summary" data-testid="standing-summary">
              {(['offerings', 'ordered', 'skipped'] as const).map((key) => (
                <div key={key} className="standing-summary__item">
                  <dt>{t(`standing.summary.${key}`)}</dt>
                  <dd>{summary[key]}</dd>
                </div>
              ))}
            </dl>
            <ol className="standing-list" aria-label={t('standing.listLabel')}>
              {offerings.map((offering) => (
                <li key={offering.allocationId}>
                  <StandingOfferingCard offering={offering} />
                </li>
              ))}
            </ol>
            {summary.ordered > 0 ? (
              <p className="standing-orders-link">
                <Link to="/profile/orders">{t('standing.allOrders')}</Link>
              </p>
            ) : null}
          </>
        )}
        <section className="standing-rules" aria-labelledby="standing-rules-heading" data-testid="standing-rules">
          <h2 id="standing-rules-heading" className="section-heading">
            {t('standing.rules.heading')}
          </h2>
          {rules ? (
            // Written in Markdown by the winery; the API renders it to HTML through an allow-list (no scripts, no raw HTML).
            <div className="standing-rules__body" data-testid="standing-rules-html" dangerouslySetInnerHTML={{ __html: rulesUnderSection(rules.html) }} />
          ) : (
            <p className="muted" data-testid="standing-rules-none">
              {t('standing.rules.none')}
            </p>
          )}
        </section>
      </>
    );
  }

  return (
    <div className="account-section standing">
      <AccountHeader title={t('standing.heading')} intro={t('standing.intro')} />
      {body}
    </div>
  );
}
