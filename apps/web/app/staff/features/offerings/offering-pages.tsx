import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { fieldErrorsOf } from '../../lib/field-errors';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { formatDateTime } from '../../lib/time-zone';
import { useTimeZone } from '../../session/staff-session.api';
import { HistoryLink } from '../../components/history-link';
import { draftOf, emptyDraft, openingErrorsByTier } from './offering-draft';
import { OfferingActions } from './offering-actions';
import { OfferingForm, type OpeningsSubmission } from './offering-form';
import { useCreateOffering, useOffering, useOfferingOpenings, useSaveOpenings, useUpdateOffering, type OfferingOpening } from './offerings.api';

/** Whether the openings typed are the ones stored (then nothing is written, nor audited). */
function sameOpenings(stored: readonly OfferingOpening[], sent: OpeningsSubmission['body']['openings']): boolean {
  if (stored.length !== sent.length) return false;
  const byTier = new Map(stored.map((opening) => [opening.tierId, opening]));
  const instant = (value: string | null) => (value === null ? null : Date.parse(value));
  return sent.every((opening) => {
    const was = byTier.get(opening.tierId);
    return was !== undefined && instant(was.opensAt) === instant(opening.opensAt) && instant(was.closesAt) === instant(opening.closesAt);
  });
}

/**
 * Saving the tiers' openings after the offering itself (a write of its own, `PUT …/openings`):
 * its field errors come back under the form's paths, by tier.
 */
function useOpeningsWrite() {
  const { t } = useTranslation('staff');
  const save = useSaveOpenings();
  const [order, setOrder] = useState<string[]>([]);
  const errors = openingErrorsByTier(fieldErrorsOf(save.error), order);
  const write = (offeringId: string, openings: OpeningsSubmission, then: () => void) => {
    setOrder(openings.order);
    save.mutate(
      { offeringId, body: openings.body },
      { onSuccess: then, onError: (error) => (Object.keys(fieldErrorsOf(error)).length === 0 ? toastFailed(error, t('offerings.release.openingsFailed')) : undefined) },
    );
  };
  return { write, errors, busy: save.isPending, reset: save.reset };
}

export function NewOfferingPage() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const create = useCreateOffering();
  const openings = useOpeningsWrite();
  return (
    <>
      <PageHeader title={t('pages.offeringNew.title')} eyebrow={<Link to="/staff/offerings">{t('nav.offerings')}</Link>} />
      <OfferingForm
        initial={emptyDraft()}
        busy={create.isPending || openings.busy}
        error={create.error}
        extraErrors={openings.errors}
        buttons={[
          { key: 'draft', label: t('offerings.saveDraft'), status: 'draft', primary: true },
          { key: 'publish', label: t('offerings.createPublished'), status: 'published' },
        ]}
        onSubmit={(body, _button, tierOpenings) =>
          create.mutate(body, {
            onSuccess: (offering) => {
              toastSaved(t('offerings.created', { name: offering.name }));
              const open = () => void navigate(`/staff/offerings/${offering.id}`);
              if (tierOpenings.body.openings.length === 0) open();
              // Once the offering exists its openings can be saved; a refusal is shown on its page.
              else openings.write(offering.id, tierOpenings, () => open());
            },
          })
        }
      />
    </>
  );
}

export function EditOfferingPage() {
  const { t } = useTranslation('staff');
  const { offeringId = '' } = useParams();
  const timeZone = useTimeZone();
  const offering = useOffering(offeringId);
  const stored = useOfferingOpenings(offeringId);
  const update = useUpdateOffering(offeringId);
  const openings = useOpeningsWrite();
  const data = offering.data;
  const loaded = data && stored.data ? data : undefined;

  return (
    <>
      <PageHeader
        title={data?.name ?? t('pages.offeringEdit.title')}
        eyebrow={<Link to="/staff/offerings">{t('nav.offerings')}</Link>}
        lede={
          data ? (
            <>
              <StatusBadge tone={data.status === 'draft' ? 'quiet' : data.phase === 'open' ? 'positive' : 'neutral'}>
                {t(`phases.${data.status === 'draft' ? 'draft' : data.phase}`)}
              </StatusBadge>{' '}
              {data.closedEarlyAt ? t('offerings.closedEarlyAt', { at: formatDateTime(data.closedEarlyAt, timeZone) }) : null} <HistoryLink entityId={data.id} />
            </>
          ) : null
        }
        actions={data ? <OfferingActions offering={data} /> : null}
      />
      {data ? (
        <nav className="staff-subnav" aria-label={t('offerings.tasks.label')}>
          {(['allocations', 'invitations', 'wishes'] as const).map((task) => (
            <Link key={task} className="staff-subnav__link" to={`/staff/offerings/${data.id}/${task}`}>
              {t(`nav.${task}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {offering.isPending || stored.isPending ? <LoadingState /> : null}
      {offering.error ? <ErrorState error={offering.error} onRetry={() => void offering.refetch()} /> : null}
      {stored.error ? <ErrorState error={stored.error} onRetry={() => void stored.refetch()} /> : null}
      {loaded && stored.data ? (
        <OfferingForm
          // A fresh form for another offering (after Duplicate) or a newer version of this one.
          key={`${loaded.id}:${loaded.status ?? ''}`}
          initial={draftOf(loaded, timeZone, stored.data.openings)}
          keep={{ letter: loaded.letter, vintageNotes: loaded.vintageNotes, startDate: loaded.startDate, endDate: loaded.endDate, admissionPerMinute: loaded.admissionPerMinute ?? null }}
          startLocked={loaded.status !== 'draft' && loaded.phase !== 'scheduled'}
          busy={update.isPending || openings.busy}
          error={update.error}
          extraErrors={openings.errors}
          buttons={[{ key: 'save', label: t('actions.saveChanges'), primary: true }]}
          onSubmit={(body, _button, tierOpenings) =>
            update.mutate(body, {
              onSuccess: (saved) => {
                const done = () => toastSaved(t('offerings.saved', { name: saved.name }));
                if (sameOpenings(stored.data.openings, tierOpenings.body.openings)) {
                  openings.reset();
                  done();
                } else openings.write(saved.id, tierOpenings, done);
              },
            })
          }
        />
      ) : null}
    </>
  );
}
