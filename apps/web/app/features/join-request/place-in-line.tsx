import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, seasonOf, type PlaceInLine } from '@winery/domain';
import { ApiError } from '../../lib/api-error';
import { lookUpPlace } from './join-request.api';

type Lookup = { state: 'loading' } | { state: 'found'; place: PlaceInLine } | { state: 'invalid' } | { state: 'failed' };

/**
 * The prospect's place in line (ADR 031), on /allocation-request opened from the link in their
 * acknowledgement. Fetched in the browser only: the page stays prerendered and the token, in the
 * address's fragment, never reaches a server's log. A link that does not work says so and nothing more.
 */
export function PlaceInLineSection({ token }: { token: string }) {
  const { t } = useTranslation();
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    lookUpPlace(token).then(
      (place) => current && setLookup({ state: 'found', place }),
      (error: unknown) => current && setLookup({ state: error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <section className="card place-in-line" aria-labelledby="place-heading" aria-busy={lookup.state === 'loading'} data-testid="place-in-line">
      <h2 id="place-heading" className="section-heading">
        {t('allocationRequest.place.heading')}
      </h2>
      <div role="status">
        {lookup.state === 'loading' && <p className="muted">{t('allocationRequest.place.loading')}</p>}
        {lookup.state === 'invalid' && <p>{t('allocationRequest.place.invalid')}</p>}
        {lookup.state === 'failed' && <p>{t('allocationRequest.place.failed')}</p>}
        {lookup.state === 'found' && <PlaceDetails place={lookup.place} />}
      </div>
    </section>
  );
}

function PlaceDetails({ place }: { place: PlaceInLine }) {
  const { t } = useTranslation();
  const list = t(`allocationRequest.place.list.${place.kind}`);
  const asked = t('allocationRequest.place.asked', { date: formatDate(place.requestedAt) });
  if (place.status !== 'pending' || place.position === null) {
    return (
      <>
        <p className="place-in-line__lead">{t(`allocationRequest.place.${place.status === 'approved' ? 'approved' : 'decided'}`)}</p>
        <p className="muted">{asked}</p>
      </>
    );
  }
  const { estimate } = place;
  const when = estimate?.likelyBy ? seasonOf(estimate.likelyBy) : null;
  return (
    <>
      <p className="place-in-line__lead">
        {t('allocationRequest.place.position', { position: place.position, waiting: place.waiting ?? place.position, list })}
      </p>
      <p className="muted">{asked}</p>
      {estimate ? (
        <p>
          {t('allocationRequest.place.pace', { count: estimate.admittedPerOffering })}{' '}
          {when
            ? t('allocationRequest.place.likelyAround', {
                count: estimate.offerings,
                season: t(`allocationRequest.place.season.${when.season}`),
                year: when.year,
              })
            : t('allocationRequest.place.likely', { count: estimate.offerings })}
        </p>
      ) : (
        <p>{t('allocationRequest.place.noHistory')}</p>
      )}
      <p className="muted">{t('allocationRequest.place.honest')}</p>
    </>
  );
}
