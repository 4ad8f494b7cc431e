import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { memberHome, OFFERING_PATHS } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { useMemberStatus } from '../../lib/member-status/member-status.api';
import { SelectionPage } from './selection/selection-page';
import { selectionTitleKey, showsVintageNotes } from './offering-access';
import { LetterView, OfferingNext, VintageNotesView, WithOffering } from './offering-content';
import { OfferingGate, OfferingLoadFailed } from './offering-gate';
import { OfferingClosedPage } from './offering-closed-page';
import { OpeningNotice } from './opening-notice';
import { ThankYouPage } from './thank-you-page';
import { hasLetter } from '@winery/domain';

/** /offering: wherever the member's allocation state sends them. */
export function OfferingIndexPage() {
  const { t } = useTranslation();
  const memberStatus = useMemberStatus();
  if (memberStatus.isError) return <OfferingLoadFailed message={t('offering.loadFailed')} onRetry={memberStatus.refetch} />;
  if (!memberStatus.status) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.loading')} />
      </div>
    );
  }
  return <Navigate to={memberHome(memberStatus.status, memberStatus.detail?.metaData)} replace />;
}

/** The <title> of the selection page, whose name depends on the campaign (seed §2). */
export function SelectionPageTitle() {
  const { t } = useTranslation();
  const memberStatus = useMemberStatus();
  const page = t(`nav.${selectionTitleKey(memberStatus.detail?.metaData)}`);
  return <title>{t('meta.suffix', { page })}</title>;
}

export function OfferingLetterPage() {
  const { t } = useTranslation();
  return (
    <OfferingGate page="letter">
      {(access) => (
        <WithOffering allocationId={access.current?.id}>
          {(offering) =>
            access.beforeOpening ? (
              // Before the member's own opening: the letter, when it opens, and no way on yet.
              <LetterView
                offering={offering}
                notice={<OpeningNotice offering={offering} waitingRoom={access.detail?.release.waitingRoom ?? false} />}
                next={null}
              />
            ) : (
              <LetterView
                offering={offering}
                next={
                  <OfferingNext
                    selection={access.status === 'offering' ? OFFERING_PATHS.allocation : OFFERING_PATHS.thankYou}
                    selectionLabel={access.status === 'offering' ? t('offering.letter.toAllocation') : t('offering.thankYou.yourOrder')}
                    vintageNotes={showsVintageNotes(access.metaData)}
                  />
                }
              />
            )
          }
        </WithOffering>
      )}
    </OfferingGate>
  );
}

export function OfferingVintageNotesPage() {
  const { t } = useTranslation();
  return (
    <OfferingGate page="vintageNotes">
      {(access) => (
        <WithOffering allocationId={access.current?.id}>
          {(offering) => (
            <VintageNotesView
              offering={offering}
              next={
                <OfferingNext
                  selection={access.status === 'offering' ? OFFERING_PATHS.allocation : OFFERING_PATHS.thankYou}
                  selectionLabel={access.status === 'offering' ? t('offering.letter.toAllocation') : t('offering.thankYou.yourOrder')}
                  letter={hasLetter(access.metaData)}
                />
              }
            />
          )}
        </WithOffering>
      )}
    </OfferingGate>
  );
}

export function OfferingSelectionPage() {
  return (
    <OfferingGate page="selection">
      {(access) => (
        <WithOffering allocationId={access.current?.id}>
          {(offering) => <SelectionPage offering={offering} metaData={access.metaData} />}
        </WithOffering>
      )}
    </OfferingGate>
  );
}

export function OfferingThankYouPage() {
  return <OfferingGate page="thankYou">{(access) => <ThankYouPage access={access} />}</OfferingGate>;
}

export function OfferingClosedRoutePage() {
  return <OfferingGate page="closed">{(access) => <OfferingClosedPage access={access} />}</OfferingGate>;
}

/** /event/letter: an event offering's letter (the header navigation is hidden on event pages). */
export function EventLetterPage() {
  const { t } = useTranslation();
  return (
    <OfferingGate page="eventLetter">
      {(access) => (
        <WithOffering allocationId={access.current?.id}>
          {(offering) => (
            <LetterView
              offering={offering}
              notice={
                access.beforeOpening ? (
                  <OpeningNotice offering={offering} waitingRoom={access.detail?.release.waitingRoom ?? false} />
                ) : undefined
              }
              next={
                access.beforeOpening ? null : (
                  <OfferingNext
                    selection={access.status === 'offering' ? `/event/${encodeURIComponent(offering.slug)}` : OFFERING_PATHS.thankYou}
                    selectionLabel={access.status === 'offering' ? t('offering.event.toInvitation') : t('offering.thankYou.yourOrder')}
                  />
                )
              }
            />
          )}
        </WithOffering>
      )}
    </OfferingGate>
  );
}

/** /event/{slug}: the selection page of the member's event offering with that slug. */
export function EventSelectionPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <OfferingGate page="eventSelection">
      {(access) => (
        <WithOffering allocationId={access.current?.id}>
          {(offering) =>
            offering.slug === slug ? (
              <SelectionPage offering={offering} metaData={access.metaData} />
            ) : (
              <div className="page page--narrow offering-page" data-testid="event-not-found">
                <h1 className="page-title">{t('offering.event.notFoundHeading')}</h1>
                <p className="lede">{t('offering.event.notFound')}</p>
              </div>
            )
          }
        </WithOffering>
      )}
    </OfferingGate>
  );
}
